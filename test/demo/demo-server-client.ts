/** Spawns a demo MCP server over stdio with the official SDK client, for the demo tests. */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/client/stdio';

export const DEMO_SERVERS = join(import.meta.dirname, '..', '..', 'examples', 'demo-servers');
/** The fixed calendar date the demo tests run the meal planner with (seed 004's example: a Friday). */
export const DEMO_DATE = '2025-10-17';

/** The stdio launch of a demo server: this Node (type stripping), the server file, a fixed date. */
export function demoServerCommand(name: 'meal-planner' | 'terminal-assistant') {
  return {
    command: process.execPath,
    args: [join(DEMO_SERVERS, `${name}.ts`)],
    env: { ...getDefaultEnvironment(), REINS_DEMO_DATE: DEMO_DATE },
  };
}

export async function connectDemoServer(name: 'meal-planner' | 'terminal-assistant'): Promise<Client> {
  const client = new Client({ name: 'reins-demo-test', version: '0.0.0' });
  await client.connect(new StdioClientTransport({ ...demoServerCommand(name), stderr: 'pipe' }));
  return client;
}

/** The text of a tool result's first content block. */
export function resultText(result: { content?: unknown }): string {
  const [first] = (result.content ?? []) as { type: string; text?: string }[];
  return first?.type === 'text' ? (first.text ?? '') : '';
}
