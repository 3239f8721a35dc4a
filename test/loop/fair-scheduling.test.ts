/**
 * Fair CPU across runs in one process: runs yield to the event loop once the process-wide time
 * slice is spent (per loop phase and per streamed part), and events are kept only for a consumer.
 * The slice is set to 0 ms here, so every yield point after the first of a turn yields: the tests
 * count event-loop turns, never time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { timeSlice } from '../../src/loop/time-slice.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, turn } from './helpers.ts';

/** Counts event-loop turns (check phases) until `done` settles. */
async function turnsWhile(done: Promise<unknown>): Promise<number> {
  let turns = 0;
  let settled = false;
  void done.finally(() => (settled = true));
  const tick = () => {
    if (settled) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await done;
  return turns;
}

const steps = [
  turn('json', [call('add', { a: 1, b: 2 })], [addTool.spec]),
  turn('json', [call('add', { a: 3, b: 4 })], [addTool.spec]),
  turn('json', [call('add', { a: 5, b: 6 })], [addTool.spec]),
  turn('json', [answer('done')]),
];

describe('fair scheduling', () => {
  const saved = timeSlice.ms;
  beforeEach(() => {
    timeSlice.ms = 0;
  });
  afterEach(() => {
    timeSlice.ms = saved;
  });

  it('a run on an instant model yields to the event loop between its phases', async () => {
    const model = new ScriptedModel(steps);
    const result = createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('add').result;
    const turns = await turnsWhile(result);
    expect((await result).status).toBe('answered');
    // 4 thinking phases and 3 tool phases: each but the first starts on a later event-loop turn
    // (the counter's first tick shares the first of those turns).
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('a streamed turn yields to the event loop between its parts', async () => {
    const text = turn('json', [answer('x'.repeat(200))]) as string;
    const model = new ScriptedModel([text], { chunkSize: 4 });
    const result = createAgent({ model, protocol: 'json', stream: true }).run('go').result;
    const turns = await turnsWhile(result);
    expect((await result).status).toBe('answered');
    expect(turns).toBeGreaterThanOrEqual(Math.floor(text.length / 4) - 1);
  });

  it('concurrent runs all finish while yielding, in any number', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createAgent({ model: new ScriptedModel(steps), tools: [addTool], protocol: 'json' }).run('add').result),
    );
    expect(results.map((result) => result.status)).toEqual(Array(50).fill('answered'));
  });
});

describe('events', () => {
  it('are kept for a consumer that iterates right away, from the first one', async () => {
    const run = createAgent({ model: new ScriptedModel(steps), tools: [addTool], protocol: 'json' }).run('add');
    const types: string[] = [];
    for await (const event of run) types.push(event.type);
    expect(types[0]).toBe('run-start');
    expect(types.at(-1)).toBe('run-end');
  });

  it('are not kept for a run nobody iterates before the event loop turns', async () => {
    const run = createAgent({ model: new ScriptedModel(steps), tools: [addTool], protocol: 'json' }).run('add');
    expect((await run.result).status).toBe('answered');
    await new Promise((resolve) => setImmediate(resolve));
    const late: AgentEvent[] = [];
    for await (const event of run) late.push(event);
    expect(late).toEqual([]);
  });
});
