/**
 * Bench section "scale": 1,000 and 10,000 concurrent runs in one process. Each run is its own agent
 * (json protocol, streaming) over a ScriptedModel, with an in-memory tool: three tool calls, then
 * the answer (4 steps). Two kinds of model:
 * - burst: every reply comes 2-10 ms after its request (varied per run): all runs' replies land
 *   within a few milliseconds of each other, every step (the worst case for the event loop);
 * - spread: as a server sees them: the runs arrive over 2 s (not in one burst), and each reply
 *   comes 200-2,000 ms after its request (varied per run), as real model servers' latencies spread
 *   the replies of many concurrent runs over time.
 * For each batch:
 * - start ms: the time to create the agents and start every run (one burst: the loop that calls
 *   `run()` 10,000 times, up to the next event-loop turn); "all at first model turn ms" says when
 *   the last run called its model;
 * - wall ms and steps/s for the whole batch, from the first start to the last answer;
 * - peak heap per run: (highest heapUsed sampled every 5 ms during the batch - heapUsed before) / runs,
 *   after a full GC before the batch;
 * - live heap per run: heapUsed after a full GC with every run waiting on its first model turn (all
 *   of them: the section waits until each model was called), minus the baseline;
 * - longest event-loop stall: the max of `perf_hooks.monitorEventLoopDelay` once every run has
 *   started (the start burst is reported as start ms).
 * Runnable alone: `node bench/sections/scale.ts`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { RunResult } from '../../src/loop/run-result.ts';
import { ScriptedModel, type ScriptStep } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import type { SectionReport } from '../lib/section.ts';

const BATCHES = [1000, 10_000];
/** Model delay ranges (ms) per turn: replies in a burst, and spread out as from real servers. */
const BURST_MS = [2, 10] as const;
const SPREAD_MS = [200, 2000] as const;
/** In the spread batch, the runs arrive over this many milliseconds. */
const ARRIVALS_MS = 2000;
const CALLS = 3;
const STEPS = CALLS + 1;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a key up in memory.',
  input: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] },
  execute: ({ key }) => `value of ${String(key)}`,
});

function script(run: number): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let call = 1; call <= CALLS; call++) {
    steps.push(JSON.stringify({ action: 'call_tool', tool: 'lookup', args: { key: `k${run}-${call}` }, reason: 'need it' }));
  }
  steps.push(JSON.stringify({ action: 'answer_user', answer: `done ${run}` }));
  return steps;
}

/** Calls `then` once every model was asked for its first turn (polled once per event-loop turn). */
function onceAllCalled(models: ScriptedModel[], then: () => void): void {
  let next = 0;
  const poll = () => {
    while (next < models.length && (models[next] as ScriptedModel).remaining < STEPS) next++;
    if (next === models.length) then();
    else setImmediate(poll);
  };
  poll();
}

/** Run `run`'s model delay in `range`, varied per run (a fixed step through the range, not random: repeatable). */
function delayOf(run: number, range: readonly [number, number]): number {
  return range[0] + ((run * 7919) % (range[1] - range[0] + 1));
}

async function batch(runs: number, range: readonly [number, number], label: string): Promise<Record<string, number>> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 5);
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  const started = performance.now();
  let allCalledMs = Number.NaN;
  try {
    const models: ScriptedModel[] = [];
    const pending = Array.from({ length: runs }, (_, run) => {
      const model = new ScriptedModel(script(run), { recordCalls: false, delayMs: delayOf(run, range), chunkSize: 4096 });
      models.push(model);
      return createAgent({ model, tools: [lookup], protocol: 'json' }).run('go').result;
    });
    await new Promise((resolve) => setImmediate(resolve)); // every run started (the burst's microtasks ran too)
    const startMs = performance.now() - started;
    stalls.enable();
    onceAllCalled(models, () => (allCalledMs = performance.now() - started));
    const results = await Promise.all(pending);
    const wall = performance.now() - started;
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    const failed = results.filter((result) => result.status !== 'answered').length;
    if (failed > 0) throw new Error(`${failed} of ${runs} runs did not answer: ${results.find((result) => result.status !== "answered")?.error?.message}`);
    const steps = results.reduce((sum, result) => sum + result.steps, 0);
    return {
      [`${label} · start ms`]: startMs,
      [`${label} · all at first model turn ms`]: allCalledMs,
      [`${label} · wall ms`]: wall,
      [`${label} · steps/s`]: (steps * 1000) / wall,
      [`${label} · peak heap per run (KB)`]: (heapPeak - heapBefore) / runs / 1024,
      [`${label} · longest event-loop stall (ms)`]: stalls.max / 1e6,
    };
  } finally {
    clearInterval(sampler);
    stalls.disable();
  }
}

/** 10,000 runs arriving over `ARRIVALS_MS`, their replies spread out (see the header). */
async function spreadBatch(runs: number): Promise<Record<string, number>> {
  collectGarbage();
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const started = performance.now();
  try {
    const pending: Promise<RunResult>[] = [];
    await new Promise<void>((resolve) => {
      const arrive = () => {
        const due = Math.min(runs, Math.ceil(((performance.now() - started) / ARRIVALS_MS) * runs));
        while (pending.length < due) {
          const run = pending.length;
          const model = new ScriptedModel(script(run), { recordCalls: false, delayMs: delayOf(run, SPREAD_MS), chunkSize: 4096 });
          pending.push(createAgent({ model, tools: [lookup], protocol: 'json' }).run('go').result);
        }
        if (pending.length < runs) setTimeout(arrive, 1);
        else resolve();
      };
      arrive();
    });
    const results = await Promise.all(pending);
    const wall = performance.now() - started;
    const failed = results.filter((result) => result.status !== 'answered').length;
    if (failed > 0) throw new Error(`${failed} of ${runs} spread runs did not answer`);
    const steps = results.reduce((sum, result) => sum + result.steps, 0);
    return {
      [`${runs} runs, spread · wall ms`]: wall,
      [`${runs} runs, spread · steps/s`]: (steps * 1000) / wall,
      [`${runs} runs, spread · longest event-loop stall (ms)`]: stalls.max / 1e6,
      [`${runs} runs, spread · p99 event-loop delay (ms)`]: stalls.percentile(99) / 1e6,
    };
  } finally {
    stalls.disable();
  }
}

/**
 * KB each run holds while it waits on the model: `runs` runs are started on models that answer only
 * after an hour, a full GC is forced once all wait on their first model turn (held: nothing is
 * garbage yet), and the heap is compared with a full-GC baseline; then the runs are cancelled.
 * (Before, the GC came one event-loop turn after the start, when most runs had not reached their
 * model yet: that read about half of what a waiting run holds.)
 */
async function liveHeapPerRun(runs: number): Promise<number> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const controller = new AbortController();
  const models: ScriptedModel[] = [];
  const pending = Array.from({ length: runs }, (_, run) => {
    const model = new ScriptedModel(script(run), { recordCalls: false, delayMs: 3_600_000, chunkSize: 4096 });
    models.push(model);
    return createAgent({ model, tools: [lookup], protocol: 'json' }).run('go', { signal: controller.signal }).result;
  });
  // Wait until every run called its model (one more turn: its delay began).
  await new Promise<void>((resolve) => onceAllCalled(models, resolve));
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  const live = process.memoryUsage().heapUsed - heapBefore;
  controller.abort();
  await Promise.all(pending);
  return live / runs / 1024;
}

export const title = 'Scale: concurrent runs in one process';

export async function run(): Promise<SectionReport> {
  await batch(100, BURST_MS, 'warm-up'); // JIT; the 1,000-run batch also runs before the 10,000-run one
  const metrics: Record<string, number | string> = {
    'steps per run': STEPS,
    'model delay per turn': `burst ${BURST_MS[0]}-${BURST_MS[1]} ms, spread ${SPREAD_MS[0]}-${SPREAD_MS[1]} ms`,
  };
  for (const runs of BATCHES) {
    Object.assign(metrics, await batch(runs, BURST_MS, `${runs} runs`));
    metrics[`${runs} runs · live heap per run (KB)`] = await liveHeapPerRun(runs);
  }
  Object.assign(metrics, await spreadBatch(10_000));
  const notes = [
    'Live heap per run is (heapUsed after a full GC taken once every run has started and is held waiting on its first model turn - heapUsed after a full GC before the batch) / runs: what a run really keeps.',
    'Peak heap per run is (peak heapUsed during the batch - heapUsed after a full GC before it) / runs: mostly garbage not yet collected.',
    'Each batch is one round, after a warm-up batch of 100 runs (and the 1,000-run batch before the 10,000-run one).',
    'The start burst (start ms: creating the agents and calling run() on each, up to the next event-loop turn) and the forced GC are not in the stall figure: the stall monitor starts after them.',
    `"N runs" rows: all runs start at once and every model reply comes ${BURST_MS[0]}-${BURST_MS[1]} ms after its request, so all runs step within the same few milliseconds. "spread" rows: the runs arrive over ${ARRIVALS_MS} ms and replies come ${SPREAD_MS[0]}-${SPREAD_MS[1]} ms after their requests, as a server with real model latencies sees them; the stall is monitored from the first arrival to the last answer. The loop has no scheduler: the spread stall shows whether a host needs one.`,
  ];
  return { metrics, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  console.table(report.metrics);
}
