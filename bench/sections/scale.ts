/**
 * Bench section "scale": 1,000 and 10,000 concurrent runs in one process. Each run is its own agent
 * (json protocol, streaming) over a ScriptedModel that waits 2-10 ms before each turn (varied per
 * run, so the runs do not move in lockstep), with an in-memory tool: three tool calls, then the
 * answer (4 steps).
 * - start ms: the time to create the agents and start every run (one burst: the loop that calls
 *   `run()` 10,000 times and the microtasks it queued, up to the next event-loop turn); the runs then
 *   reach their first model turn in time slices, under the stall monitor ("all at first model turn
 *   ms" says when the last one did);
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
import { ScriptedModel, type ScriptStep } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import type { SectionReport } from '../lib/section.ts';

const BATCHES = [1000, 10_000];
const DELAY_MS = [2, 10] as const;
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

async function batch(runs: number): Promise<Record<string, number>> {
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
      const delayMs = DELAY_MS[0] + (run % (DELAY_MS[1] - DELAY_MS[0] + 1));
      const model = new ScriptedModel(script(run), { recordCalls: false, delayMs, chunkSize: 4096 });
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
      [`${runs} runs · start ms`]: startMs,
      [`${runs} runs · all at first model turn ms`]: allCalledMs,
      [`${runs} runs · wall ms`]: wall,
      [`${runs} runs · steps/s`]: (steps * 1000) / wall,
      [`${runs} runs · peak heap per run (KB)`]: (heapPeak - heapBefore) / runs / 1024,
      [`${runs} runs · longest event-loop stall (ms)`]: stalls.max / 1e6,
    };
  } finally {
    clearInterval(sampler);
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
  // The runs start in time slices: wait until every one was called (one more turn: its delay began).
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
  await batch(100); // warm-up (JIT); the 1,000-run batch also runs before the 10,000-run one
  const metrics: Record<string, number | string> = { 'steps per run': STEPS, 'model delay per turn': `${DELAY_MS[0]}-${DELAY_MS[1]} ms` };
  for (const runs of BATCHES) {
    Object.assign(metrics, await batch(runs));
    metrics[`${runs} runs · live heap per run (KB)`] = await liveHeapPerRun(runs);
  }
  const notes = [
    'Live heap per run is (heapUsed after a full GC taken once every run has started and is held waiting on its first model turn - heapUsed after a full GC before the batch) / runs: what a run really keeps.',
    'Peak heap per run is (peak heapUsed during the batch - heapUsed after a full GC before it) / runs: mostly garbage not yet collected.',
    'Each batch is one round, after a warm-up batch of 100 runs (and the 1,000-run batch before the 10,000-run one).',
    'The start burst (start ms: creating the agents and calling run() on each, up to the next event-loop turn) and the forced GC are not in the stall figure: the stall monitor starts after them. The runs then reach their first model turn in time slices under the monitor (all at first model turn ms).',
    'The longest stalls are young-generation GC pauses (scavenges); a pause grows with what survives it (what runs in progress hold while they wait on their models), not with the garbage. Started runs resume before runs not yet started (time-slice.ts), so a step\'s state lives for one model delay, not for a round of all 10,000 runs.',
  ];
  return { metrics, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  console.table(report.metrics);
}
