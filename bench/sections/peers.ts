/**
 * Bench section "peers": loop overhead per step, reins vs the Vercel AI SDK's tool loop, on the same
 * turns: 999 calls of a no-op tool (args `{i}`), then a text answer, in one 1,000-step run.
 * - reins: `createAgent` (native protocol, generate path) over a ScriptedModel holding those turns;
 * - AI SDK: `generateText` with `stopWhen: stepCountIs(1000)` over the AI SDK's own
 *   `MockLanguageModelV4` returning the same turns.
 * The same comparison over 100 runs of 10 steps shows the fixed per-step cost without a long history.
 * A third side, reins over the SAME `MockLanguageModelV4` through `fromAiSdk`, pays the same
 * prompt conversion the AI SDK pays each step: the fairest "loop only" ratio.
 * Runs alternate (reins, AI SDK, reins, ...) for ROUNDS rounds after one warm-up each; the figures are
 * medians, so drift on a shared machine hits both sides alike. Both loops keep the whole history and
 * send it every step, so the per-step cost includes the growing prompt on both sides.
 * Runnable alone: `node bench/sections/peers.ts`.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { createAgent } from '../../src/loop/create-agent.ts';
import { fromAiSdk } from '../../src/models/from-ai-sdk.ts';
import type { Model } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptStep } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { aiSdkMock } from '../lib/ai-sdk-mock.ts';
import type { SectionReport } from '../lib/section.ts';
import { median, ratio } from '../lib/stats.ts';

const STEPS = 1000;
const ROUNDS = 5;
const inputSchema = { type: 'object', properties: { i: { type: 'integer' } }, required: ['i'] };

const SHORT_STEPS = 10;
const SHORT_RUNS = 100;

function scriptedTurns(count: number): ScriptStep[] {
  const steps: ScriptStep[] = [];
  for (let index = 1; index < count; index++) steps.push({ toolCalls: [{ name: 'noop', arguments: { i: index } }], usage: { inputTokens: 1, outputTokens: 1 } });
  steps.push({ text: 'done', usage: { inputTokens: 1, outputTokens: 1 } });
  return steps;
}

/** The AI SDK mock's turns: `count - 1` no-op calls, then the answer. */
function mockTurns(count: number) {
  return aiSdkMock((_prompt, call) => (call < count - 1 ? { toolCalls: [{ id: `call_${call}`, name: 'noop', arguments: { i: call + 1 } }] } : { text: 'done' }));
}

/** One reins run of `count` steps over ScriptedModel; returns milliseconds. */
const reinsRun = (count: number) => reinsRunOn(new ScriptedModel(scriptedTurns(count), { recordCalls: false }), count);
/** One reins run of `count` steps over the AI SDK's own mock, through fromAiSdk; returns milliseconds. */
const reinsOnMockRun = (count: number) => reinsRunOn(fromAiSdk(mockTurns(count)), count);

async function reinsRunOn(model: Model, count: number): Promise<number> {
  const noop = defineTool({ name: 'noop', description: 'Does nothing.', input: inputSchema, execute: () => 'ok' });
  const agent = createAgent({ model, tools: [noop], protocol: 'native', stream: false, maxSteps: count });
  const started = performance.now();
  const result = await agent.run('go').result;
  const elapsed = performance.now() - started;
  if (result.status !== 'answered' || result.steps !== count) throw new Error(`reins run ended ${result.status} after ${result.steps} steps`);
  return elapsed;
}

/** One AI SDK run of `count` steps; returns milliseconds. */
async function aiSdkRun(count: number): Promise<number> {
  const model = mockTurns(count);
  const noop = tool({ description: 'Does nothing.', inputSchema: jsonSchema<{ i: number }>(inputSchema as JSONSchema7), execute: async () => 'ok' });
  const started = performance.now();
  const result = await generateText({ model, prompt: 'go', tools: { noop }, stopWhen: stepCountIs(count) });
  const elapsed = performance.now() - started;
  if (result.text !== 'done' || result.steps.length !== count) throw new Error(`AI SDK run ended after ${result.steps.length} steps`);
  return elapsed;
}

export const title = 'Loop overhead vs the AI SDK';

/** Milliseconds for `runs` sequential runs of `count` steps. */
async function timed(runOnce: (count: number) => Promise<number>, count: number, runs: number): Promise<number> {
  let total = 0;
  for (let index = 0; index < runs; index++) total += await runOnce(count);
  return total;
}

/** Interleaved rounds (first one discarded as warm-up); medians of µs per step for each side. */
async function compare(count: number, runs: number): Promise<{ reins: number; reinsOnMock: number; aiSdk: number }> {
  const sides = { reins: reinsRun, reinsOnMock: reinsOnMockRun, aiSdk: aiSdkRun };
  const samples: Record<keyof typeof sides, number[]> = { reins: [], reinsOnMock: [], aiSdk: [] };
  for (let round = 0; round <= ROUNDS; round++) {
    for (const side of Object.keys(sides) as Array<keyof typeof sides>) {
      const milliseconds = await timed(sides[side], count, runs);
      if (round > 0) samples[side].push((milliseconds * 1000) / (count * runs));
    }
  }
  return { reins: median(samples.reins), reinsOnMock: median(samples.reinsOnMock), aiSdk: median(samples.aiSdk) };
}

export async function run(): Promise<SectionReport> {
  const long = await compare(STEPS, 1);
  const short = await compare(SHORT_STEPS, SHORT_RUNS);
  const notes = [
    `Same turns on every side: ${STEPS - 1} calls of a no-op tool, then a text answer; reins runs the native protocol on the generate path over ScriptedModel, and over the AI SDK's MockLanguageModelV4 through fromAiSdk ("same mock"); the AI SDK runs generateText (stopWhen: stepCountIs(n)) over that MockLanguageModelV4.`,
    'The "same mock" rows are the fair loop-to-loop comparison: both sides convert the whole history to the provider prompt format every step. The ScriptedModel rows show reins without that conversion.',
    `Figures are medians of ${ROUNDS} interleaved rounds (reins, AI SDK, reins, ...) after a warm-up round; µs/step includes the mock model's own cost on each side.`,
    'Both loops send the whole history every step; compare the two run lengths to see how each side\'s per-step time grows with history.',
  ];
  const metrics = {
    rounds: ROUNDS,
    [`${STEPS}-step run: reins µs/step`]: long.reins,
    [`${STEPS}-step run: AI SDK µs/step`]: long.aiSdk,
    [`${STEPS}-step run: reins / AI SDK time`]: ratio(long.reins, long.aiSdk),
    [`${STEPS}-step run, same mock: reins µs/step`]: long.reinsOnMock,
    [`${STEPS}-step run, same mock: reins / AI SDK time`]: ratio(long.reinsOnMock, long.aiSdk),
    [`${SHORT_RUNS} × ${SHORT_STEPS}-step runs: reins µs/step`]: short.reins,
    [`${SHORT_RUNS} × ${SHORT_STEPS}-step runs: AI SDK µs/step`]: short.aiSdk,
    [`${SHORT_RUNS} × ${SHORT_STEPS}-step runs: reins / AI SDK time`]: ratio(short.reins, short.aiSdk),
    [`${SHORT_RUNS} × ${SHORT_STEPS}-step runs, same mock: reins µs/step`]: short.reinsOnMock,
    [`${SHORT_RUNS} × ${SHORT_STEPS}-step runs, same mock: reins / AI SDK time`]: ratio(short.reinsOnMock, short.aiSdk),
  };
  return { metrics, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  console.table(report.metrics);
}
