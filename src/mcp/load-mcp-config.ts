import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { McpConfigError } from '../errors/mcp-config-error.ts';
import type { McpConfig } from './mcp-config.ts';
import { parseMcpConfig } from './parse-mcp-config.ts';
import { readJsonc } from './read-jsonc.ts';

/**
 * Reads an MCP config file (`.mcp.json`, `claude_desktop_config.json`, `.cursor/mcp.json`,
 * `.vscode/mcp.json`) as JSONC (comments and trailing commas, as VS Code writes them) and checks its
 * top level. Server entries are checked by `connectServers`, one by one, so a bad entry does not
 * hide the good ones. Throws `McpConfigError` when the file cannot be read, is not JSON(C) (the
 * message names the line and column), or has no servers object. `${workspaceFolder}` (VS Code) is
 * the folder holding `.vscode/`, else the file's folder.
 * @example const servers = await connectServers(await loadMcpConfig('.mcp.json'), { model });
 */
export async function loadMcpConfig(path = '.mcp.json'): Promise<McpConfig> {
  const fullPath = resolve(path);
  let text: string;
  try {
    text = await readFile(fullPath, 'utf8');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'file not found' : (cause as Error).message;
    throw new McpConfigError(`Cannot read MCP config ${fullPath}: ${why}`, { path: fullPath, issues: [why], cause });
  }
  const reading = readJsonc(text);
  if (!reading.ok) {
    const why = `not valid JSON (JSONC: comments and trailing commas are fine): ${reading.message}`;
    throw new McpConfigError(`Cannot read MCP config ${fullPath}: ${why}`, { path: fullPath, issues: [why] });
  }
  const value = withWorkspaceFolder(reading.value, workspaceFolderOf(fullPath));
  const parsed = parseMcpConfig(value, { path: fullPath });
  if (!parsed.success) throw parsed.error;
  return value as McpConfig;
}

/** VS Code's `${workspaceFolder}`: the folder that holds `.vscode/` for a `.vscode/mcp.json`, else the config's own folder. */
function workspaceFolderOf(path: string): string {
  const folder = dirname(path);
  return basename(folder) === '.vscode' ? dirname(folder) : folder;
}

/** `value` with every `${workspaceFolder}` inside its strings replaced by `folder` (the other variables are expanded per server, later). */
function withWorkspaceFolder(value: unknown, folder: string): unknown {
  if (typeof value === 'string') return value.replaceAll('${workspaceFolder}', folder);
  if (Array.isArray(value)) return value.map((item) => withWorkspaceFolder(item, folder));
  if (typeof value !== 'object' || value === null) return value;
  // Every own key kept as written (also `__proto__`): defined, not assigned.
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) Object.defineProperty(copy, key, { value: withWorkspaceFolder((value as Record<string, unknown>)[key], folder), enumerable: true, writable: true, configurable: true });
  return copy;
}
