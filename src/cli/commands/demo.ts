/**
 * `reins demo [meal-planner|terminal-assistant]`: runs offline out of the box. A bundled MCP server
 * (seed 004's meal planner, seed 002's terminal assistant) is driven by a recorded planner
 * (`replay:` model): real tools, real loop, replayed model turns, in the protocol of your choice.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import type { McpConfig } from '../../mcp/mcp-config.ts';
import { protocolNames, type ProtocolName } from '../../protocols/protocol-names.ts';
import { bundledScript, packageRoot } from '../package-root.ts';
import { addOutputFlags, type RunFlags } from '../setup/run-flags.ts';

export const DEMOS = ['meal-planner', 'terminal-assistant'] as const;
export type DemoName = (typeof DEMOS)[number];
/** The meal planner's calendar is fixed to the recorded session's day (a Friday). */
const DEMO_DATE = '2025-10-17';
const EXAMPLES = join(packageRoot(), 'examples');

export function demoRecording(name: DemoName, protocol: ProtocolName): string {
  const file = name === 'meal-planner' ? `meal-planner-${protocol}.json` : 'terminal-assistant.json';
  return join(EXAMPLES, 'demo-recordings', file);
}

export function demoConfig(name: DemoName): McpConfig {
  const env = { REINS_DEMO_DATE: DEMO_DATE, REINS_DEMO_SANDBOX: join(EXAMPLES, 'demo-servers', 'terminal-sandbox') };
  const server = { command: process.execPath, args: [bundledScript(`examples/demo-servers/${name}`)], env };
  return { mcpServers: { [name]: server } };
}

export function registerDemo(program: Command, finish: (code: number) => void): void {
  addOutputFlags(program.command('demo').description('See reins at work offline: a recorded planner drives a bundled MCP server'))
    .argument('[name]', `which demo: ${DEMOS.join(' or ')}`, 'meal-planner')
    .addOption(new Option('--protocol <name>', 'the wire protocol of the replayed turns').choices(protocolNames).default('line'))
    .action(async (name: string, flags: RunFlags) => {
      if (!(DEMOS as readonly string[]).includes(name)) program.error(`error: unknown demo '${name}'; choose ${DEMOS.join(' or ')}`, { exitCode: 2 });
      const demo = name as DemoName;
      const [{ runSession }, { openStore }] = await Promise.all([import('../run-session.ts'), import('../setup/open-store.ts')]);
      const protocol = flags.protocol as ProtocolName;
      const recording = demoRecording(demo, protocol);
      const { question } = JSON.parse(readFileSync(recording, 'utf8')) as { question: string };
      const shown = relative(process.cwd(), recording) || recording;
      const store = openStore(flags.store);
      try {
        const code = await runSession(
          {
            target: { kind: 'new', question },
            modelString: `replay:${recording}`,
            protocol,
            config: demoConfig(demo),
            meta: { demo, approve: 'ask' },
            settings: { approve: 'ask' },
            json: flags.json,
            input: flags.input,
            banner: [
              `reins demo: ${demo} over the ${protocol} protocol. Question: ${question}`,
              `This is a REPLAY: the planner's turns are recorded in ${shown}; no model is called.`,
              `The tools are real: examples/demo-servers/${demo}.ts runs as an MCP server over stdio${demo === 'meal-planner' ? ` (calendar fixed at ${DEMO_DATE}, the recorded Friday)` : ''}.`,
              `Try --protocol ${protocolNames.join('|')}; with a real model: reins run "<question>" --model <provider:model>.`,
            ],
          },
          store,
        );
        finish(code);
      } finally {
        await store.close();
      }
    });
}
