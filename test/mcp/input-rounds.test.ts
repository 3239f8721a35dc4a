/** A 2026-07-28 server that never stops asking for input: the call ends at the client's cap on rounds with McpInputRoundsError. */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServers, McpInputRoundsError, type McpServers } from '../../src/mcp/index.ts';

const entry = resolve(import.meta.dirname, '../fixtures/mcp/endless-input-server.ts');
let servers: McpServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

describe('input_required rounds', () => {
  it('past maxInputRounds the call fails with McpInputRoundsError naming the server, the tool and the cap', async () => {
    let asked = 0;
    const user = { ask: async () => '', elicit: async () => (asked++, { action: 'accept' as const, content: {} }) };
    servers = await connectServers({ mcpServers: { endless: { command: process.execPath, args: [entry] } } }, { user, maxInputRounds: 3 });
    expect(servers.failures).toEqual([]);
    const failure = await servers.toolbox.call('ask', {}).catch((error: unknown) => error);
    expect(McpInputRoundsError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ name: 'Reins_McpInputRoundsError', serverName: 'endless', toolName: 'ask', rounds: 3, fault: 'limit' });
    expect(asked).toBeGreaterThanOrEqual(3);
  });
});
