/**
 * Bench section "long-run": how per-step time grows with history. 100 concurrent runs of 200 steps
 * each (199 calls of a no-op tool, then the answer), reins (native protocol, generate path, through
 * `fromAiSdk`) vs the AI SDK's `generateText` tool loop, both over the same non-retaining
 * `MockLanguageModelV4`.
 * The mock stamps the time each model call is made; T(k) is when the last of the runs made its k-th
 * call. "µs/step at step k" is (T(k + 5) - T(k - 5)) / (10 × runs): the time the process spends per
 * run-step around step k, every run's work included (the runs share one thread).
 * Sides alternate round by round (reins, AI SDK, reins, ...) after one small warm-up round each.
 * Runnable alone: `node bench/sections/long-run.ts`.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createAgent } from '../../src/loop/create-agent.ts';
import { fromAiSdk } from '../../src/models/from-ai-sdk.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { aiSdkMock } from '../lib/ai-sdk-mock.ts';
import type { SectionReport } from '../lib/section.ts';
import { median, ratio, spread } from '../lib/stats.ts';

const RUNS = 100;
const STEPS = 200;
const ROUNDS = 2;
const WINDOW = 5;
const EARLY = 10;
const LATE = STEPS - WINDOW - 1;
const inputSchema = { type: 'object', properties: { i: { type: 'integer' } }, required: ['i'] };

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** One mock per run; `stamps[k]` ends up as the time the last run made its k-th call. */
function stampedMock(stamps: Float64Array) {
  return aiSdkMock((_prompt, call) => {
    stamps[call] = performance.now();
    return call < STEPS - 1 ? { toolCalls: [{ id: `call_${call}`, name: 'noop', arguments: { i: call + 1 } }] } : { text: 'done' };
  });
}

async function reinsBatch(runs: number, stamps: Float64Array): Promise<void> {
  const noop = defineTool({ name: 'noop', description: 'Does nothing.', input: inputSchema, execute: () => 'ok' });
  const results = await Promise.all(
    Array.from({ length: runs }, () => createAgent({ model: fromAiSdk(stampedMock(stamps)), tools: [noop], protocol: 'native', stream: false, maxSteps: STEPS }).run('go').result),
  );
  const failed = results.find((result) => result.status !== 'answered' || result.steps !== STEPS);
  if (failed) throw new Error(`reins run ended ${failed.status} after ${failed.steps} steps`);
}

async function aiSdkBatch(runs: number, stamps: Float64Array): Promise<void> {
  const noop = tool({ description: 'Does nothing.', inputSchema: jsonSchema<{ i: number }>(inputSchema as JSONSchema7), execute: async () => 'ok' });
  const results = await Promise.all(
    Array.from({ length: runs }, () => generateText({ model: stampedMock(stamps), prompt: 'go', tools: { noop }, stopWhen: stepCountIs(STEPS) })),
  );
  const failed = results.find((result) => result.steps.length !== STEPS);
  if (failed) throw new Error(`AI SDK run ended after ${failed.steps.length} steps`);
}

/** µs per run-step around `step`, from the stamps of one batch. */
const around = (stamps: Float64Array, step: number, runs: number) => ((stamps[step + WINDOW]! - stamps[step - WINDOW]!) * 1000) / (2 * WINDOW * runs);

export const title = 'Long runs: per-step time as history grows';

export async function run(): Promise<SectionReport> {
  const sides = { reins: reinsBatch, aiSdk: aiSdkBatch };
  const samples = { reins: { early: [] as number[], late: [] as number[] }, aiSdk: { early: [] as number[], late: [] as number[] } };
  for (const side of Object.values(sides)) await side(5, new Float64Array(STEPS)); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of Object.keys(sides) as Array<keyof typeof sides>) {
      collectGarbage();
      const stamps = new Float64Array(STEPS);
      await sides[name](RUNS, stamps);
      samples[name].early.push(around(stamps, EARLY, RUNS));
      samples[name].late.push(around(stamps, LATE, RUNS));
    }
  }
  const lateRatios = samples.reins.late.map((value, round) => value / samples.aiSdk.late[round]!);
  const metrics: Record<string, number | string> = {
    runs: RUNS,
    'steps per run': STEPS,
    rounds: ROUNDS,
    [`reins µs/step at step ${EARLY}`]: median(samples.reins.early),
    [`reins µs/step at step ${LATE}`]: median(samples.reins.late),
    [`reins µs/step at step ${LATE} spread`]: spread(samples.reins.late),
    [`reins growth (step ${LATE} / step ${EARLY})`]: ratio(median(samples.reins.late), median(samples.reins.early)),
    [`AI SDK µs/step at step ${EARLY}`]: median(samples.aiSdk.early),
    [`AI SDK µs/step at step ${LATE}`]: median(samples.aiSdk.late),
    [`AI SDK µs/step at step ${LATE} spread`]: spread(samples.aiSdk.late),
    [`AI SDK growth (step ${LATE} / step ${EARLY})`]: ratio(median(samples.aiSdk.late), median(samples.aiSdk.early)),
    [`reins / AI SDK time at step ${LATE}`]: ratio(median(lateRatios), 1),
    [`reins / AI SDK time at step ${LATE} spread`]: spread(lateRatios),
  };
  const notes = [
    `${RUNS} concurrent runs of ${STEPS} steps per side, on the same MockLanguageModelV4 (which keeps none of its calls); reins runs the native protocol over it through fromAiSdk, the AI SDK runs generateText with stopWhen: stepCountIs(${STEPS}).`,
    `µs/step at step k = (T(k + ${WINDOW}) - T(k - ${WINDOW})) / (${2 * WINDOW} × ${RUNS}), T(k) being when the last run made its k-th model call: process time per run-step with every run's work included. Medians of ${ROUNDS} rounds (sides alternate, full GC before each batch, one 5-run warm-up batch per side first).`,
    'Growth = late / early per-step time: a loop that converts the whole history to the provider format every step grows with the history; one that converts each message once grows only by what the provider prompt itself costs the mock.',
  ];
  return { metrics, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table((await run()).metrics);
}
