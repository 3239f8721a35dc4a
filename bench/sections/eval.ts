/**
 * Bench section "eval": how fast `reins eval` goes when the model is not the bottleneck, and what
 * the judge costs.
 * - tasksPerSecond: task runs judged per second by `evaluate` over the real openai-compatible
 *   provider and real HTTP (the fixture server answering each call at once), 4 at a time;
 *   floorRunsPerSecond: plain agent runs of one answer each against the same server, 4 at a time
 *   (the floor an eval's run cannot beat); evalToFloorRatio: time per eval task / time per floor run.
 * - judgeCallsPerSecond: the judge over every accepted call of the shipped tasks (written out as a
 *   model would send them); judgeToFloorRatio: its time / a floor that only compares the JSON text of
 *   each call with its accepted values.
 * Rounds interleave eval and floor; figures are medians. Runnable alone: `npm run bench -- eval`.
 */
import { createAgent } from '../../src/loop/create-agent.ts';
import { acceptedCall } from '../../src/eval/accepted-call.ts';
import { evaluate } from '../../src/eval/evaluate.ts';
import { judge } from '../../src/eval/judge.ts';
import { shippedTasks } from '../../src/eval/shipped-tasks.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { fixture, startFixtureServer } from '../../test/helpers/fixture-server.ts';
import { median, ratio, spread } from '../lib/stats.ts';
import type { SectionReport } from '../lib/section.ts';

export const title = 'reins eval: throughput and the judge';

const ROUNDS = 5;
const TASKS = 20;
const PROTOCOLS = ['native', 'json', 'envelope', 'xml', 'line'];
const JUDGE_PASSES = 200;

export async function run(): Promise<SectionReport> {
  const server = await startFixtureServer();
  const answer = () => fixture('openai-compatible', 'stream-answer.chunks');
  const model = resolveModel(`openai-compatible:Qwen/Qwen2.5-7B-Instruct@${server.url}/v1`, { retry: false });
  const runs = TASKS * PROTOCOLS.length;
  const evalMs: number[] = [];
  const floorMs: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      server.enqueue(...Array.from({ length: runs }, answer));
      let started = performance.now();
      const report = await evaluate({ model, protocols: PROTOCOLS, limit: TASKS, seed: round + 1, concurrency: 4 });
      evalMs.push((performance.now() - started) / report.outcomes.length);
      if (report.outcomes.length !== runs) throw new Error(`the eval judged ${report.outcomes.length} of ${runs} task runs`);

      server.enqueue(...Array.from({ length: runs }, answer));
      const agent = createAgent({ model, protocol: 'json', maxSteps: 2 });
      let next = 0;
      started = performance.now();
      const worker = async () => {
        while (next++ < runs) await agent.run('What is the weather in Paris?').result;
      };
      await Promise.all([worker(), worker(), worker(), worker()]);
      floorMs.push((performance.now() - started) / runs);
    }
  } finally {
    await server.close();
  }

  const cases = shippedTasks().flatMap((task) => (task.expected.kind === 'calls' ? [{ task, calls: task.expected.calls.map(acceptedCall) }] : []));
  const judgeMs: number[] = [];
  const naiveMs: number[] = [];
  let judged = 0;
  /** Calls whose text equals their accepted values' text (none: the floor only pays for the comparison). */
  let naiveSame = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    for (let pass = 0; pass < JUDGE_PASSES; pass++) {
      for (const { task, calls } of cases) if (judge(task.expected, calls, task.tools).correct) judged += 1;
    }
    judgeMs.push(performance.now() - started);
    started = performance.now();
    for (let pass = 0; pass < JUDGE_PASSES; pass++) {
      for (const { task, calls } of cases) if (JSON.stringify(calls) === JSON.stringify(task.expected)) naiveSame += 1;
    }
    naiveMs.push(performance.now() - started);
  }
  const callCount = cases.reduce((total, item) => total + item.calls.length, 0) * JUDGE_PASSES;
  if (judged !== cases.length * JUDGE_PASSES * ROUNDS) throw new Error('the judge refused an accepted call');
  if (naiveSame !== 0) throw new Error('the floor compared calls to themselves');
  const evalTask = median(evalMs);
  const floorRun = median(floorMs);
  return {
    metrics: {
      tasksPerSecond: Math.round(1000 / evalTask),
      floorRunsPerSecond: Math.round(1000 / floorRun),
      evalToFloorRatio: ratio(evalTask, floorRun),
      judgeCallsPerSecond: Math.round(callCount / (median(judgeMs) / 1000)),
      judgeToFloorRatio: ratio(median(judgeMs), median(naiveMs)),
    },
    notes: [
      `${runs} task runs a round (${TASKS} shipped tasks x ${PROTOCOLS.length} protocols), ${ROUNDS} rounds interleaved with ${runs} plain runs; ms per eval task run: ${spread(evalMs)}; per floor run: ${spread(floorMs)}.`,
      `The judge: ${cases.length} tasks with accepted calls (${callCount / JUDGE_PASSES} calls) judged ${JUDGE_PASSES} times a round; ms a round: ${spread(judgeMs)}.`,
    ],
  };
}
