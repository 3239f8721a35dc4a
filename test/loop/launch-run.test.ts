/**
 * A run's start (src/loop/launch-run.ts): the run driver is loaded once and reused, and observers
 * without `ready` are not waited for; neither shortcut may start a run inside `agent.run()` nor
 * change what a run emits. The loop tests share their modules (`isolate: false`): the first test
 * loads fresh ones (`vi.resetModules`) so that its first run really loads the driver.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { RunObserver } from '../../src/loop/run-observer.ts';
import { observersReady } from '../../src/loop/run-observer.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call } from './helpers.ts';

const script = () => [JSON.stringify(call('add', { a: 1, b: 2 })), JSON.stringify(answer('3'))];

/** Starts a run and reports what happened before `agent.run()` returned. */
function startWatched(observers: RunObserver[] = []) {
  const seen: AgentEvent[] = [];
  const model = new ScriptedModel(script());
  const agent = createAgent({ model, tools: [addTool], protocol: 'json', stream: false, observers: [(event) => void seen.push(event), ...observers] });
  const run = agent.run('1+2?');
  return { run, eventsInsideRun: seen.length, callsInsideRun: model.calls.length, seen };
}

/** A run's events with what differs between two runs (ids, clocks) taken out. */
const comparable = (events: AgentEvent[]) => JSON.parse(JSON.stringify(events, (key, value) => (key === 'runId' || key === 'durationMs' || key === 'ms' ? undefined : value))) as unknown;

describe('starting a run', () => {
  it('never runs the loop inside agent.run(), whether the driver is loading or loaded', async () => {
    vi.resetModules();
    const fresh = await import('../../src/loop/create-agent.ts');
    expect(fresh.createAgent).not.toBe(createAgent);
    for (let round = 0; round < 3; round++) {
      const seen: AgentEvent[] = [];
      const model = new ScriptedModel(script());
      const run = fresh.createAgent({ model, tools: [addTool], protocol: 'json', stream: false, observers: [(event) => void seen.push(event)] }).run('1+2?');
      expect([round, seen.length, model.calls.length]).toEqual([round, 0, 0]);
      expect((await run.result).status).toBe('answered');
      expect(seen.at(-1)?.type).toBe('run-end');
    }
    for (let round = 0; round < 3; round++) {
      const { run, eventsInsideRun, callsInsideRun } = startWatched();
      expect([round, eventsInsideRun, callsInsideRun]).toEqual([round, 0, 0]);
      expect((await run.result).status).toBe('answered');
    }
  });

  it('emits the same events on the first run as on later runs, with and without observers that get ready', async () => {
    const ready: RunObserver = Object.assign(() => {}, { ready: () => Promise.resolve() });
    const runs = [startWatched(), startWatched(), startWatched([ready]), startWatched()];
    const events: unknown[] = [];
    for (const { run, seen } of runs) {
      expect((await run.result).status).toBe('answered');
      events.push(comparable(seen));
    }
    for (const other of events.slice(1)) expect(other).toEqual(events[0]);
  });

  it('for await right after agent.run() gets every event from run-start to run-end, run after run', async () => {
    for (let round = 0; round < 3; round++) {
      const { run, seen } = startWatched();
      const iterated: string[] = [];
      for await (const event of run) iterated.push(event.type);
      expect(iterated).toEqual(seen.map((event) => event.type));
      expect(iterated.at(0)).toBe('run-start');
      expect(iterated.at(-1)).toBe('run-end');
    }
  });
});

describe('the run handle', () => {
  it('reads the run id at any time, is iterable once per run and carries the result', async () => {
    const { run, seen } = startWatched();
    expect(run.runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(typeof run[Symbol.asyncIterator]).toBe('function');
    const types: string[] = [];
    for await (const event of run) types.push(event.type);
    const result = await run.result;
    expect(result.runId).toBe(run.runId);
    expect(new Set(seen.map((event) => event.runId))).toEqual(new Set([run.runId]));
    expect(types.length).toBe(seen.length);
    expect(() => ((run as { runId: string }).runId = 'other')).toThrow(TypeError);
  });
});

describe('observersReady', () => {
  it('has nothing to wait for when no observer has a ready', () => {
    expect(observersReady([])).toBeUndefined();
    expect(observersReady([() => {}, () => {}])).toBeUndefined();
  });

  it('waits for a single ready directly, ignoring a throw or a rejection', async () => {
    let released = false;
    const slow: RunObserver = Object.assign(() => {}, { ready: () => new Promise<void>((resolve) => setImmediate(() => resolve(void (released = true)))) });
    await observersReady([() => {}, slow]);
    expect(released).toBe(true);
    const throwing: RunObserver = Object.assign(() => {}, {
      ready: (): Promise<void> => {
        throw new Error('cannot load');
      },
    });
    await expect(observersReady([throwing])).resolves.toBeUndefined();
    const rejecting: RunObserver = Object.assign(() => {}, { ready: () => Promise.reject(new Error('cannot load')) });
    await expect(observersReady([rejecting])).resolves.toBeUndefined();
  });

  it('waits for every ready there is, ignoring failures', async () => {
    let released = false;
    const slow: RunObserver = Object.assign(() => {}, { ready: () => new Promise<void>((resolve) => setImmediate(() => resolve(void (released = true)))) });
    const failing: RunObserver = Object.assign(() => {}, { ready: () => Promise.reject(new Error('cannot load')) });
    const waiting = observersReady([() => {}, slow, failing]);
    expect(waiting).toBeInstanceOf(Promise);
    await waiting;
    expect(released).toBe(true);
  });
});

describe('a new run id', () => {
  it('is a lowercase UUID v4, the id the run reports everywhere, distinct per run', async () => {
    const first = startWatched();
    const second = startWatched();
    const result = await first.run.result;
    await second.run.result;
    expect(first.run.runId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first.run.runId).not.toBe(second.run.runId);
    expect([result.runId, ...new Set(first.seen.map((event) => event.runId))]).toEqual([first.run.runId, first.run.runId]);
  });
});
