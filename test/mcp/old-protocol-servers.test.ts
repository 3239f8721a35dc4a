/**
 * Stdio servers that know only 2025-03-26 or 2025-06-18: the client's 2026-07-28 offer
 * (`server/discover`) falls back to the 2025 handshake at the server's version, and tools work.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServers, type McpServerEvent, type McpServers } from '../../src/mcp/index.ts';

const entry = resolve(import.meta.dirname, '../fixtures/mcp/old-version-server.ts');

let servers: McpServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

describe.each([
  { version: '2025-03-26', flags: [] },
  { version: '2025-06-18', flags: [] },
  { version: '2025-03-26', flags: ['--exit-on-unknown'] },
])('a stdio server speaking only $version $flags', ({ version, flags }) => {
  it('connects at its version and runs a tool', async () => {
    const events: McpServerEvent[] = [];
    servers = await connectServers(
      { mcpServers: { old: { command: process.execPath, args: [entry, version, ...flags] } } },
      { onServerEvent: (event) => events.push(event) },
    );
    expect(servers.failures).toEqual([]);
    expect(events.find((event) => event.type === 'server-connect')).toMatchObject({ protocolVersion: version });
    const result = await servers.toolbox.call('echo', { text: 'still here' });
    expect(result.content).toEqual([{ type: 'text', text: 'still here' }]);
  });
});
