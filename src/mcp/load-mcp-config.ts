import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { McpConfigError } from '../errors/mcp-config-error.ts';
import type { McpConfig } from './mcp-config.ts';
import { parseMcpConfig } from './parse-mcp-config.ts';

/**
 * Reads an MCP config file (`.mcp.json`, `claude_desktop_config.json`, `.cursor/mcp.json`,
 * `.vscode/mcp.json`) and checks its top level. Server entries are checked by `connectServers`,
 * one by one, so a bad entry does not hide the good ones.
 * Throws `McpConfigError` when the file cannot be read, is not JSON, or has no servers object.
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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    const why = `not valid JSON: ${(cause as Error).message}`;
    throw new McpConfigError(`Cannot read MCP config ${fullPath}: ${why}`, { path: fullPath, issues: [why], cause });
  }
  const parsed = parseMcpConfig(value, { path: fullPath });
  if (!parsed.success) throw parsed.error;
  return value as McpConfig;
}
