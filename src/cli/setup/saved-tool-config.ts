/** The MCP servers a stored run started with, for `reins resume` and the queue's workers. */
import type { McpConfig } from '../../mcp/mcp-config.ts';
import { demoConfig, DEMOS, type DemoName } from '../commands/demo.ts';
import { loadToolConfig } from './load-tool-config.ts';
import type { SavedSession } from './saved-session.ts';

/** The MCP servers the run started with: its demo's, or its config file and `--server` lines read again. */
export async function savedToolConfig(saved: SavedSession): Promise<McpConfig> {
  if (saved.demo && (DEMOS as readonly string[]).includes(saved.demo)) return demoConfig(saved.demo as DemoName);
  return (await loadToolConfig(saved.configPath, saved.servers ?? [], false)).config;
}
