/**
 * Bench section "peers": loop overhead per step, reins vs the Vercel AI SDK's tool loop, on the same
 * turns: 999 calls of a no-op tool (args `{i}`), then a text answer, in one 1,000-step run.
 * - reins: `createAgent` (native protocol, generate path) over a ScriptedModel holding those turns;
 * - AI SDK: `generateText` with `stopWhen: stepCountIs(1000)` over the AI SDK's own
 *   `MockLanguageModelV4` returning the same turns.
 * The same comparison over 100 runs of 10 steps shows the fixed per-step cost without a long history.
 * A third side, reins over the SAME `MockLanguageModelV4` through `fromAiSdk`, pays the same
 * prompt conversion the AI SDK pays each step: the fairest "loop only" ratio.
 * Runs alternate run by run (reins, reins on the mock, AI SDK, reins, ...); the figures are medians
 * of the rounds and of the per-round ratios, with their spread, so drift on a shared machine hits
 * both sides alike. Both loops keep the whole history and
 * send it every step, so the per-step cost includes the growing prompt on both sides.
 * Runnable alone: `node bench/sections/peers.ts`.
 */
import type { JSONSchema7 } from '@ai-sdk/provider';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateText, jsonSchema, stepCountIs, tool } from 'ai';
import { createAgent } from '../../src/loop/create-agent.ts';
import { fromAiSdk } from '../../src/models/from-ai-sdk.ts';
import type { Model } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptStep } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { aiSdkMock } from '../lib/ai-sdk-mock.ts';
import type { SectionReport } from '../lib/section.ts';
import { median, ratio, spread } from '../lib/stats.ts';

const STEPS = 1000;
const ROUNDS = 7;
const inputSchema = { type: 'object', properties: { i: { type: 'integer' } }, required: ['i'] };

const SHORT_STEPS = 10;
const SHORT_RUNS = 300;
const SHORT_WARMUP = 20;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

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

type Side = 'reins' | 'reinsOnMock' | 'aiSdk';
const sides: Record<Side, (count: number) => Promise<number>> = { reins: reinsRun, reinsOnMock: reinsOnMockRun, aiSdk: aiSdkRun };

interface Comparison {
  rounds: number;
  /** µs per step, per side, one entry per round. */
  perStep: Record<Side, number[]>;
}

/**
 * Interleaved run by run: each round runs one run of every side back to back (reins, reins on the
 * mock, AI SDK), so drift on a shared machine hits the sides of a round alike; `warmUp` rounds first
 * are discarded (JIT). A forced GC between rounds keeps one side's garbage off the next side's clock.
 */
async function compare(count: number, rounds: number, warmUp: number): Promise<Comparison> {
  const perStep: Record<Side, number[]> = { reins: [], reinsOnMock: [], aiSdk: [] };
  for (let round = 0; round < warmUp + rounds; round++) {
    if (count >= 100) collectGarbage();
    for (const side of Object.keys(sides) as Side[]) {
      const milliseconds = await sides[side](count);
      if (round >= warmUp) perStep[side].push((milliseconds * 1000) / count);
    }
  }
  return { rounds, perStep };
}

/** Per-round ratios of `side` to the AI SDK: their median and spread. */
function ratios(comparison: Comparison, side: Side): { median: number; spread: string } {
  const values = comparison.perStep[side].map((value, round) => value / (comparison.perStep.aiSdk[round] as number));
  return { median: ratio(median(values), 1), spread: spread(values) };
}

function rows(label: string, comparison: Comparison): Record<string, number | string> {
  const { perStep } = comparison;
  const onMock = ratios(comparison, 'reinsOnMock');
  const scripted = ratios(comparison, 'reins');
  return {
    [`${label}: reins µs/step`]: median(perStep.reins),
    [`${label}: AI SDK µs/step`]: median(perStep.aiSdk),
    [`${label}: AI SDK µs/step spread`]: spread(perStep.aiSdk),
    [`${label}: reins / AI SDK time`]: scripted.median,
    [`${label}: reins / AI SDK time spread`]: scripted.spread,
    [`${label}, same mock: reins µs/step`]: median(perStep.reinsOnMock),
    [`${label}, same mock: reins µs/step spread`]: spread(perStep.reinsOnMock),
    [`${label}, same mock: reins / AI SDK time`]: onMock.median,
    [`${label}, same mock: reins / AI SDK time spread`]: onMock.spread,
  };
}

export async function run(): Promise<SectionReport> {
  const long = await compare(STEPS, ROUNDS, 1);
  const short = await compare(SHORT_STEPS, SHORT_RUNS, SHORT_WARMUP);
  const notes = [
    `Same turns on every side: ${STEPS - 1} calls of a no-op tool, then a text answer; reins runs the native protocol on the generate path over ScriptedModel, and over the AI SDK's MockLanguageModelV4 through fromAiSdk ("same mock"); the AI SDK runs generateText (stopWhen: stepCountIs(n)) over that MockLanguageModelV4.`,
    'The "same mock" rows are the fair loop-to-loop comparison: both sides get the provider prompt (the whole history) every step. The ScriptedModel rows show reins without that conversion.',
    'The mock keeps none of its calls (its doGenerateCalls log is emptied on every call, the same mock on both sides), so neither side pays for garbage the mock holds.',
    `Interleaved run by run: each round runs one run of each side back to back; ${STEPS}-step: ${ROUNDS} rounds after 1 warm-up round (full GC before each round); ${SHORT_STEPS}-step: ${SHORT_RUNS} rounds after ${SHORT_WARMUP} warm-up rounds. Figures are medians over the rounds; a ratio is the median of the per-round ratios; "spread" gives min–max (under 20 rounds) or p25–p75. µs/step includes the mock model's own cost on each side.`,
    'Both loops send the whole history every step; compare the two run lengths to see how each side\'s per-step time grows with history.',
  ];
  const metrics = {
    rounds: `${ROUNDS} (${STEPS}-step), ${SHORT_RUNS} (${SHORT_STEPS}-step)`,
    ...rows(`${STEPS}-step run`, long),
    ...rows(`${SHORT_RUNS} × ${SHORT_STEPS}-step runs`, short),
  };
  return { metrics, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await run();
  console.table(report.metrics);
}
