/**
 * The play_ttt server over Streamable HTTP (`--http 0`), with reins' MCP client: sampling and
 * elicitation travel on the tool call's own response stream.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { randomSource } from '../../examples/play-ttt/board.ts';
import { connectServers, type McpServerEvent, type McpServers } from '../../src/mcp/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';

const serverPath = fileURLToPath(new URL('../../examples/play-ttt/server.ts', import.meta.url));

let child: ChildProcess | undefined;
let servers: McpServers | undefined;
afterEach(async () => {
  try {
    await servers?.close();
  } finally {
    child?.kill();
    if (child && child.exitCode === null) await once(child, 'exit');
    servers = undefined;
    child = undefined;
  }
});

async function startHttpServer(): Promise<string> {
  child = spawn(process.execPath, [serverPath, '--http', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  for await (const chunk of child.stderr!) {
    output += String(chunk);
    const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(output)?.[0];
    if (url) return url;
  }
  throw new Error(`server exited before listening: ${output}`);
}

describe.each([
  { protocol: 'auto' as const, negotiated: '2026-07-28' },
  { protocol: 'legacy' as const, negotiated: '2025-11-25' },
])('play_ttt over Streamable HTTP with a $negotiated client', ({ protocol, negotiated }) => {
  it('plays a model move (an invalid first pick corrected) and ends when the user cancels', async () => {
    const url = await startHttpServer();
    let seed = 0;
    while (randomSource(seed)() >= 0.5) seed++; // the model plays X and starts
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'play_defensive', arguments: { threat: 'none yet' } }] },
      { toolCalls: [{ name: 'structured_output', arguments: { cell: 9 } }] },
      { toolCalls: [{ name: 'structured_output', arguments: { cell: 4 } }] },
    ]);
    const user = { ask: async () => '', elicit: async () => ({ action: 'cancel' as const }) };
    const versions: (string | undefined)[] = [];
    const onServerEvent = (event: McpServerEvent) => event.type === 'server-connect' && versions.push(event.protocolVersion);
    servers = await connectServers({ mcpServers: { ttt: { url } } }, { model, user, protocol, onServerEvent });
    expect(servers.failures).toEqual([]);
    expect(versions).toEqual([negotiated]);
    const result = await servers.toolbox.call('play_ttt', { seed }, { timeoutMs: 20_000 });
    expect(result.structuredContent).toMatchObject({
      outcome: 'cancelled',
      modelMark: 'X',
      moves: [{ player: 'model', cell: 4, strategy: 'play_defensive' }],
    });
    model.assertComplete();
    expect(JSON.stringify(model.calls[2]!.messages.at(-1))).toContain('cell');
  });
});
