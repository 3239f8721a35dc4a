import { describe, expect, it } from 'vitest';
import { DeadWorkerWatch } from '../../src/workers/dead-worker-watch.ts';
import type { WorkerRow } from '../../src/workers/worker-heartbeats.ts';

const row = (executorId: string, beat: number, released = false): WorkerRow => ({ executorId, host: 'h', pid: 1, appVersion: 'v', beat, released });

describe('DeadWorkerWatch', () => {
  it('declares a worker dead only after its counter stood still for deadAfterMs on the watcher\'s own clock', () => {
    const watch = new DeadWorkerWatch(1000);
    expect(watch.observe([row('a', 1), row('b', 1)], 'self', 0)).toEqual([]);
    expect(watch.observe([row('a', 2), row('b', 1)], 'self', 600)).toEqual([]);
    expect(watch.observe([row('a', 3), row('b', 1)], 'self', 1000).map((r) => r.executorId)).toEqual(['b']);
  });

  it('never returns itself, and hands a released worker over at once', () => {
    const watch = new DeadWorkerWatch(1000);
    expect(watch.observe([row('self', 1), row('gone', 4, true)], 'self', 0).map((r) => r.executorId)).toEqual(['gone']);
    expect(watch.observe([row('self', 1)], 'self', 5000)).toEqual([]);
  });

  it('after a pass that could not read the table (Postgres away), every worker gets a full deadAfterMs again', () => {
    const watch = new DeadWorkerWatch(1000);
    watch.observe([row('a', 1)], 'self', 0);
    watch.forget();
    // Postgres was down from 0 to 10 s: nobody could beat, and nobody is declared dead on return.
    expect(watch.observe([row('a', 1)], 'self', 10_000)).toEqual([]);
    expect(watch.observe([row('a', 2)], 'self', 10_500)).toEqual([]);
    expect(watch.observe([row('a', 2)], 'self', 11_600).map((r) => r.executorId)).toEqual(['a']);
  });
});
