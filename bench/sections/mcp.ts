/**
 * Bench section "mcp": what a reins tool call costs over a bare SDK `callTool`, on
 * server-everything's `echo` over stdio. Both clients talk to their own server process in the same
 * run; calls are interleaved (reins, bare, reins, ...) so drift hits both alike.
 * - reinsEchoMs / bareEchoMs: median round trip;
 * - overheadRatio: reins median / bare median (1.0 = no overhead).
 * Runnable alone: `node bench/sections/mcp.ts`.
 */
import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { connectServers } from '../../src/mcp/index.ts';

const WARMUP = 20;
const CALLS = 300;
const entry = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function run(): Promise<Record<string, number | string>> {
  const servers = await connectServers({ mcpServers: { everything: { command: process.execPath, args: [entry, 'stdio'] } } });
  const bare = new Client({ name: 'bench-bare', version: '1.0.0' });
  try {
    await bare.connect(new StdioClientTransport({ command: process.execPath, args: [entry, 'stdio'], stderr: 'ignore' }));
    await bare.listTools();
    const reinsTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let index = 0; index < WARMUP + CALLS; index++) {
      const args = { message: `ping ${index}` };
      let start = performance.now();
      await servers.toolbox.call('echo', args);
      const reinsMs = performance.now() - start;
      start = performance.now();
      await bare.callTool({ name: 'echo', arguments: args });
      const bareMs = performance.now() - start;
      if (index < WARMUP) continue;
      reinsTimes.push(reinsMs);
      bareTimes.push(bareMs);
    }
    const reinsMedian = median(reinsTimes);
    const bareMedian = median(bareTimes);
    return {
      'mcp.calls': CALLS,
      'mcp.reinsEchoMs': Number(reinsMedian.toFixed(3)),
      'mcp.bareEchoMs': Number(bareMedian.toFixed(3)),
      'mcp.overheadRatio': Number((reinsMedian / bareMedian).toFixed(3)),
    };
  } finally {
    await bare.close();
    await servers.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await run());
}
