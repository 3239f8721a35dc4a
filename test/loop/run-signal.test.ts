/**
 * The run's signal (src/loop/run-signal.ts): aborted by the caller's signal or the time budget,
 * whichever comes first, with that one's reason; `cancelled()` and `timedOut()` name it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRunSignal } from '../../src/loop/run-signal.ts';

describe('the run signal', () => {
  afterEach(() => vi.useRealTimers());

  it('stays live without a caller signal and without a budget', () => {
    const scope = createRunSignal(undefined, Infinity);
    expect([scope.signal.aborted, scope.cancelled(), scope.timedOut()]).toEqual([false, false, false]);
    scope.dispose();
  });

  it("aborts with the caller's reason: cancelled, not timed out", () => {
    const caller = new AbortController();
    const scope = createRunSignal(caller.signal, 1000);
    caller.abort('stop');
    expect([scope.signal.aborted, scope.signal.reason, scope.cancelled(), scope.timedOut()]).toEqual([true, 'stop', true, false]);
    scope.dispose();
  });

  it('starts aborted when the caller signal already is', () => {
    const scope = createRunSignal(AbortSignal.abort('before'), Infinity);
    expect([scope.signal.reason, scope.cancelled()]).toEqual(['before', true]);
  });

  it('aborts when the budget runs out: timed out, not cancelled, whether or not there is a caller signal', () => {
    vi.useFakeTimers();
    for (const caller of [undefined, new AbortController()]) {
      const scope = createRunSignal(caller?.signal, 20);
      vi.advanceTimersByTime(19);
      expect(scope.signal.aborted).toBe(false);
      vi.advanceTimersByTime(1);
      expect([scope.signal.aborted, scope.timedOut(), scope.cancelled()]).toEqual([true, true, false]);
      expect((scope.signal.reason as Error).message).toMatch(/time budget of 20 ms/);
      // A caller abort after the budget changes nothing: the first reason stays.
      caller?.abort('late');
      expect([scope.timedOut(), scope.cancelled()]).toEqual([true, false]);
      scope.dispose();
    }
  });

  it('a caller abort before the budget runs out stays a cancellation', () => {
    vi.useFakeTimers();
    const caller = new AbortController();
    const scope = createRunSignal(caller.signal, 20);
    caller.abort('stop');
    vi.advanceTimersByTime(50);
    expect([scope.signal.reason, scope.cancelled(), scope.timedOut()]).toEqual(['stop', true, false]);
  });

  it('after dispose the budget never fires', () => {
    vi.useFakeTimers();
    const scope = createRunSignal(undefined, 20);
    scope.dispose();
    vi.advanceTimersByTime(50);
    expect(scope.signal.aborted).toBe(false);
  });
});
