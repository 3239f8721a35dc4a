/**
 * The MCP servers of a CLI run: the `--config` file (default `.mcp.json` when present) plus each
 * `--server "<command line>"`, parsed with shell-quote (no shell runs it). Returns the merged config
 * and where it came from (kept with the run so `reins resume` can connect the same servers).
 */
import { existsSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { parse } from 'shell-quote';
import { ConfigError } from '../../errors/config-error.ts';
import { McpConfigError } from '../../errors/mcp-config-error.ts';
import { loadMcpConfig } from '../../mcp/load-mcp-config.ts';
import { parseMcpConfig } from '../../mcp/parse-mcp-config.ts';
import { isSecretName } from '../../sessions/redact.ts';
import type { McpConfig, StdioServerConfig } from '../../mcp/mcp-config.ts';

export interface ToolSources {
  /** Absolute path of the config file, when one is used. */
  configPath?: string;
  /** The `--server` command lines, as given. */
  servers: string[];
}

/** `useDefaultFile`: without `configFlag`, read `.mcp.json` of the current folder when present. */
export async function loadToolConfig(
  configFlag: string | undefined,
  serverLines: readonly string[],
  useDefaultFile = true,
): Promise<{ config: McpConfig; sources: ToolSources }> {
  const fallback = useDefaultFile && existsSync('.mcp.json') ? resolve('.mcp.json') : undefined;
  const configPath = configFlag !== undefined ? resolve(configFlag) : fallback;
  const fromFile = configPath ? await loadMcpConfig(configPath) : {};
  const mcpServers = { ...fromFile.servers, ...fromFile.mcpServers };
  for (const line of serverLines) {
    const server = parseServerLine(line);
    mcpServers[uniqueName(serverName(server), mcpServers)] = server;
  }
  const config: McpConfig = { ...fromFile, mcpServers };
  delete config.servers;
  checkEveryEntry(config, configPath);
  return { config, sources: { ...(configPath ? { configPath } : {}), servers: [...serverLines] } };
}

/**
 * The CLI runs only a config that is valid as a whole: every entry is checked (types, transport,
 * `${VAR}`s set) before anything reads it, and one McpConfigError (exit 2) names each bad server and field.
 */
function checkEveryEntry(config: McpConfig, path: string | undefined): void {
  const parsed = parseMcpConfig(config, { path });
  if (!parsed.success) throw parsed.error;
  if (parsed.failures.length === 0) return;
  const [first] = parsed.failures;
  const fix = `Fix the server ${parsed.failures.length === 1 ? 'entry' : 'entries'}${path ? ` in ${path}` : ''} (or remove ${parsed.failures.length === 1 ? 'it' : 'them'}) and run again.`;
  throw new McpConfigError(`${parsed.failures.map((failure) => failure.message).join('\n')}\n${fix}`, {
    path,
    ...(parsed.failures.length === 1 ? { serverName: first!.serverName } : {}),
    issues: parsed.failures.flatMap((failure) => failure.issues.map((issue) => `${failure.serverName}: ${issue}`)),
  });
}

function parseServerLine(line: string): StdioServerConfig {
  const words = parse(line, (name) => `$${name}`);
  const special = words.filter((word) => typeof word !== 'string').map(describeShellWord);
  if (special.length > 0) {
    throw new ConfigError(`--server "${line}" is not a plain command line: it has ${[...new Set(special)].join(', ')}`, {
      hint: 'The server is started directly, not by a shell: quote such an argument inside the line (e.g. \'(a)\'), or put the server in a config file (--config).',
    });
  }
  const [command, ...args] = words as string[];
  if (!command) throw new ConfigError('--server needs a command line, e.g. --server "npx -y @modelcontextprotocol/server-memory"');
  return { command, args };
}

/** What shell-quote found that only a shell would understand, e.g. `the shell operator "|"`. */
function describeShellWord(word: unknown): string {
  const { op, pattern, comment } = word as { op?: string; pattern?: string; comment?: string };
  if (op === 'glob') return `the file pattern "${pattern}"`;
  if (comment !== undefined) return `a shell comment "#${comment}"`;
  return `the shell operator "${op}"`;
}

/** Path parts that say nothing about the server. */
const GENERIC = new Set(['index', 'main', 'server', 'dist', 'build', 'src', 'lib', 'bin', 'cli', '']);
/** Commands that start the program named by their first argument (`npx -y <package>`, `node <script>`). */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'uvx', 'pipx', 'node', 'bun', 'deno', 'python', 'python3', 'uv', 'tsx']);
const SCRIPT = /\.(m?[jt]s|cjs|py|rb|sh)$/i;
const SCOPED_PACKAGE = /^@[\w.-]+\/[\w.-]+(@[\w.^~-]+)?$/;

/**
 * A readable server name from what the line runs, never from other arguments (which may be
 * secrets): a scoped package (`@scope/server-foo` -> `server-foo`), else a script path
 * (`.../server-memory/dist/index.js` -> `server-memory`), else a runner's first plain argument
 * (`npx -y mcp-server-git` -> `mcp-server-git`), else the command's file name.
 */
export function serverName(server: StdioServerConfig): string {
  const args = server.args ?? [];
  const scoped = args.find((arg) => SCOPED_PACKAGE.test(arg));
  if (scoped) return readable(scoped.slice(1).split('@')[0]!.split('/')[1]!);
  const script = args.find((arg) => !arg.startsWith('-') && SCRIPT.test(arg));
  if (script) {
    const parts = script.split(/[\\/]/).map((part, index, all) => (index === all.length - 1 ? basename(part, extname(part)) : part));
    return readable(parts.reverse().find((part) => !GENERIC.has(part.toLowerCase())) ?? 'server');
  }
  const command = basename(server.command).replace(/\.exe$/i, '');
  if (RUNNERS.has(command.replace(/[\d.]+$/, '') || command)) {
    const plain = args.find((arg, index) => /^[A-Za-z0-9][\w.-]*(@[\w.^~-]+)?$/.test(arg) && !isSecretName(args[index - 1]?.replace(/^-+/, '') ?? ''));
    if (plain) return readable(plain.split('@')[0]!);
  }
  return readable(command);
}

const readable = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '-') || 'server';

function uniqueName(name: string, taken: Record<string, unknown>): string {
  if (!(name in taken)) return name;
  let index = 2;
  while (`${name}-${index}` in taken) index += 1;
  return `${name}-${index}`;
}
