/**
 * The time slice's order: started runs resume before runs parked at their first yield point. The
 * slice is 0 ms here, so every yield point after the one that opens a slice parks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { timeSlice, yieldPoint } from '../../src/loop/time-slice.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, turn } from './helpers.ts';

describe('time slice order', () => {
  const saved = { ...timeSlice };
  beforeEach(() => {
    timeSlice.ms = 0;
    timeSlice.startWithinMs = 60_000; // no forced start unless a test asks for one: the order is deterministic
  });
  afterEach(() => {
    Object.assign(timeSlice, saved);
  });

  it('resumes a parked started run before runs parked at their first yield point, each group in arrival order', async () => {
    const order: string[] = [];
    expect(yieldPoint()).toBeUndefined(); // opens a slice
    const waits = [
      ['first 1', yieldPoint(true)],
      ['started 1', yieldPoint()],
      ['first 2', yieldPoint(true)],
      ['started 2', yieldPoint()],
    ] as const;
    await Promise.all(waits.map(([name, wait]) => wait?.then(() => order.push(name))));
    expect(order).toEqual(['started 1', 'started 2', 'first 1', 'first 2']);
  });

  it('finishes a run already under way before it starts runs created later', async () => {
    const calls = Array.from({ length: 6 }, (_, index) => turn('json', [call('add', { a: index, b: 1 })], [addTool.spec]));
    const finished: string[] = [];
    const start = (name: string, steps: ReturnType<typeof turn>[]) =>
      createAgent({ model: new ScriptedModel(steps), tools: [addTool], protocol: 'json', stream: false })
        .run('add')
        .result.then(() => finished.push(name));
    const early = start('early', [...calls, turn('json', [answer('done')])]);
    await new Promise((resolve) => setImmediate(resolve)); // early is under way
    const late = Array.from({ length: 10 }, (_, index) => start(`late ${index + 1}`, [turn('json', [answer('done')])]));
    await Promise.all([early, ...late]);
    expect(finished[0]).toBe('early'); // in plain arrival order, each one-step late run finished first
  });

  it('starts a waiting run within startWithinMs even while a started run never waits on I/O', async () => {
    timeSlice.startWithinMs = 5;
    const calls = Array.from({ length: 300 }, (_, index) => turn('json', [call('add', { a: index, b: 1 })], [addTool.spec]));
    const finished: string[] = [];
    const start = (name: string, steps: ReturnType<typeof turn>[]) =>
      createAgent({ model: new ScriptedModel(steps), tools: [addTool], protocol: 'json', stream: false, maxSteps: 400 })
        .run('add')
        .result.then((result) => finished.push(`${name} ${result.status}`));
    const long = start('long', [...calls, turn('json', [answer('done')])]);
    await new Promise((resolve) => setImmediate(resolve)); // the long run is under way
    const late = start('late', [turn('json', [answer('done')])]);
    await Promise.all([long, late]);
    expect(finished).toEqual(['late answered', 'long answered']);
  });
});
