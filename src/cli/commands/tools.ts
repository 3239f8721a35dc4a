/**
 * `reins tools`: the tools of the configured MCP servers, exactly as `reins run` offers them: the
 * servers are connected with the same client capabilities as a run (sampling through the run's
 * model, elicitation through the human), since servers may offer tools by capability. Each tool shows
 * what its annotations allow (read-only, changes data, destructive, idempotent, open world) and its
 * parameters.
 */
import type { Command } from 'commander';
import picocolors from 'picocolors';
import type { JsonSchema, ToolSpec } from '../../spec/decision.ts';
import { ConfigError } from '../../errors/config-error.ts';
import { describeToolNotice } from '../../tools/tool-notice.ts';
import type { Model } from '../../spec/model.ts';
import { ExitCode } from '../exit-codes.ts';
import { colorEnabled, shorten } from '../render/trace.ts';
import { addToolFlags } from '../setup/run-flags.ts';
import type { SecretMask } from '../setup/secret-mask.ts';

/**
 * What the annotations say a tool may do, in positive words: `read-only`, or `changes data` (and
 * `destructive` unless it says it is not); `idempotent`; `open world` (reaches outside the server).
 */
function describeAnnotations(tool: ToolSpec): string[] {
  const annotations = tool.annotations ?? {};
  const said = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'].some((key) => typeof annotations[key] === 'boolean');
  if (!said) return [];
  const allows = annotations.readOnlyHint === true ? ['read-only'] : ['changes data', ...(annotations.destructiveHint === false ? [] : ['destructive'])];
  if (annotations.idempotentHint === true) allows.push('idempotent');
  if (annotations.openWorldHint === true) allows.push('open world');
  return allows;
}

/** `key (string, required), limit (integer)`: the top-level parameters of a tool. */
function describeParameters(schema: JsonSchema): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const names = Object.keys(properties);
  if (names.length === 0) return 'none';
  return names.map((name) => `${name} (${[typeOf(properties[name]!), ...(required.has(name) ? ['required'] : [])].join(', ')})`).join(', ');
}

function typeOf(schema: JsonSchema): string {
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.enum)) return 'one of a list';
  return 'any';
}

export function registerTools(program: Command, finish: (code: number) => void): void {
  addToolFlags(program.command('tools').description('List the tools of the configured MCP servers as `reins run` offers them, with their annotations'))
    .option('--model <provider:model>', 'the model a run would use (servers may offer tools by the client capabilities it brings)')
    .option('--json', 'the tool list as JSON on stdout', false)
    .action(async (flags: { config?: string; server: string[]; model?: string; json: boolean }) => {
      const [{ connectServers }, { createPrompter }, { loadToolConfig }, { modelStringOf, openModel }, { SecretMask }] = await Promise.all([
        import('../../mcp/connect-servers.ts'),
        import('../render/prompts.ts'),
        import('../setup/load-tool-config.ts'),
        import('../setup/pick-model.ts'),
        import('../setup/secret-mask.ts'),
      ]);
      const { config } = await loadToolConfig(flags.config, flags.server);
      if (Object.keys(config.mcpServers ?? {}).length === 0) {
        throw new ConfigError('No MCP servers configured.', { hint: 'Pass --config <file> or --server "<command line>", or create .mcp.json here.' });
      }
      const modelString = modelStringOf(flags.model, process.env);
      const mask = SecretMask.from(process.env, config, { modelString });
      // The same client as `reins run`: its model (never called here) and a human who could answer.
      let model: Model | undefined;
      try {
        model = openModel(modelString, { protocol: 'auto' });
      } catch {
        model = undefined; // `reins run` would stop at the model too: list what the servers offer without it.
      }
      const user = createPrompter({ interactive: false, input: process.stdin, output: process.stderr, mask, beforePrompt: () => {}, cancel: () => {} });
      const servers = await connectServers(config, { ...(model ? { model } : {}), user });
      try {
        for (const failure of servers.failures) process.stderr.write(mask.display(`MCP server ${failure.server} failed: ${failure.error.message}\n`));
        const tools = servers.toolbox.list();
        const notices = servers.toolbox.notices().map((notice) => mask.display(`Note: ${describeToolNotice(notice)}\n`));
        if (flags.json) {
          process.stdout.write(`${JSON.stringify(mask.value(tools), null, 2)}\n`);
          for (const line of notices) process.stderr.write(line);
        } else {
          printTools(tools, mask);
          for (const line of notices) process.stdout.write(line);
        }
        finish(servers.failures.length > 0 ? ExitCode.failed : ExitCode.answered);
      } finally {
        user.close();
        await servers.close();
      }
    });
}

function printTools(tools: ToolSpec[], mask: SecretMask): void {
  const c = picocolors.createColors(colorEnabled(process.stdout, process.env));
  for (const tool of tools) {
    const server = tool.origin?.server ? c.dim(` (${tool.origin.server})`) : '';
    const allows = describeAnnotations(tool);
    const badges = allows.length ? ` ${c.yellow(`[${allows.join(', ')}]`)}` : c.dim(' [no annotations]');
    const lines = [`${c.bold(tool.name)}${server}${badges}`, `  ${shorten(tool.description ?? '', 100)}`, c.dim(`  parameters: ${describeParameters(tool.inputSchema)}`)];
    process.stdout.write(mask.display(`${lines.join('\n')}\n`));
  }
  process.stdout.write(`${tools.length} tool${tools.length === 1 ? '' : 's'}\n`);
}
