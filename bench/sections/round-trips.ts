/**
 * Bench section "round-trips": the cost of one `sampleSchema` inside a tool call on each protocol
 * era, in memory (the SDK client with a scripted sampling answer, the SDK server with reins' helper):
 * - legacyCallMs: 2025-11-25, the server pushes `sampling/createMessage` inside the one tools/call;
 * - modernCallMs: 2026-07-28, two tools/call legs (input_required, then the retry with the answer and
 *   the sealed requestState; the handler runs twice);
 * - modernOverLegacy: their ratio; requestStateBytes: the sealed state after one answer.
 * Runnable alone: `node --conditions=reins-source bench/sections/round-trips.ts`.
 */
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { RoundTrips, samplingContext } from '../../src/server/index.ts';
import { connectScriptedClient, sampledToolUse } from '../../src/testing/index.ts';
import { median, ratio } from '../lib/stats.ts';

export const title = 'MCP sampling round trips (sampleSchema per era)';

const WARMUP = 20;
const CALLS = 200;
const Move = z.object({ cell: z.number().int().min(0).max(8) });
const rounds = new RoundTrips();

function factory(): McpServer {
  const server = new McpServer({ name: 'bench-round-trips', version: '1.0.0' });
  server.registerTool(
    'pick',
    { inputSchema: z.object({ n: z.number() }) },
    rounds.tool(async ({ n }, ctx) => {
      const move = await samplingContext(server, ctx).sampleSchema({ prompt: `Move ${n}`, schema: Move });
      return { content: [{ type: 'text' as const, text: String(move.parsed.cell) }] };
    }),
  );
  return server;
}

async function timeCalls(era: 'legacy' | 'modern'): Promise<{ ms: number; stateBytes: number }> {
  const answer = () => sampledToolUse([{ name: 'structured_output', input: { cell: 4 } }]);
  let stateBytes = 0;
  const scripted = await connectScriptedClient(factory, {
    era,
    capabilities: { sampling: { tools: {} } },
    sampling: Array.from({ length: WARMUP + CALLS }, () => answer),
  });
  try {
    const times: number[] = [];
    for (let index = 0; index < WARMUP + CALLS; index++) {
      const started = performance.now();
      await scripted.client.callTool({ name: 'pick', arguments: { n: index } });
      if (index >= WARMUP) times.push(performance.now() - started);
    }
    if (era === 'modern') {
      const first = (await scripted.client.callTool({ name: 'pick', arguments: { n: -1 } }, { allowInputRequired: true })) as { requestState?: string };
      stateBytes = first.requestState?.length ?? 0;
    }
    return { ms: median(times), stateBytes };
  } finally {
    await scripted.close();
  }
}

export async function run(): Promise<Record<string, number>> {
  const legacy = await timeCalls('legacy');
  const modern = await timeCalls('modern');
  return {
    'roundTrips.calls': CALLS,
    'roundTrips.legacyCallMs': Number(legacy.ms.toFixed(3)),
    'roundTrips.modernCallMs': Number(modern.ms.toFixed(3)),
    'roundTrips.modernOverLegacy': ratio(modern.ms, legacy.ms),
    'roundTrips.requestStateBytes': modern.stateBytes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
