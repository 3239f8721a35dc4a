/**
 * The run's signal (src/loop/run-signal.ts) follows the caller's signal and the time budget with one
 * controller per run, no `AbortSignal.any`. While the run lives it must behave exactly as
 * `AbortSignal.any([caller, budget])` did: the same `aborted`, the same reason (the caller's, or the
 * budget's error), the same `cancelled()`/`timedOut()`, and waits on it released once with that
 * reason. Compared over many random schedules of caller aborts and timers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRunSignal, type RunSignal } from '../../src/loop/run-signal.ts';
import { abortWaiters } from '../../src/tools/abort-waiters.ts';
import { seededRandom } from '../../src/testing/seeded-random.ts';

/** The previous implementation: a composite signal over the caller's and a budget controller's. */
function referenceRunSignal(callerSignal: AbortSignal | undefined, maxDurationMs: number): RunSignal {
  const budget = new AbortController();
  let timedOut = false;
  const timer = Number.isFinite(maxDurationMs)
    ? setTimeout(() => {
        timedOut = true;
        budget.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`));
      }, maxDurationMs)
    : undefined;
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, budget.signal]) : budget.signal,
    cancelled: () => callerSignal?.aborted === true && !timedOut,
    timedOut: () => timedOut,
    dispose: () => clearTimeout(timer),
  };
}

/** What a run sees of its signal, reasons named so the two implementations compare. */
function observe(scope: RunSignal, released: unknown[], reasons: Map<unknown, string>) {
  const name = (reason: unknown) => reasons.get(reason) ?? (reason instanceof Error ? reason.message : String(reason));
  return { aborted: scope.signal.aborted, reason: scope.signal.aborted ? name(scope.signal.reason) : undefined, cancelled: scope.cancelled(), timedOut: scope.timedOut(), released: released.map(name) };
}

describe('the run signal', () => {
  afterEach(() => vi.useRealTimers());

  it('behaves as AbortSignal.any([caller, budget]) over random schedules while the run lives', () => {
    vi.useFakeTimers();
    const random = seededRandom(13);
    for (let round = 0; round < 300; round++) {
      const callerKind = Math.floor(random() * 3); // none, live, aborted at the start
      const budgetMs = random() < 0.5 ? Infinity : 1 + Math.floor(random() * 20);
      const callerAbortAt = random() < 0.7 ? Math.floor(random() * 30) : undefined;
      const waitFrom = Math.floor(random() * 30);
      // A caller abort in the same millisecond as the budget's timer is a race in either implementation.
      if (callerAbortAt === budgetMs) continue;
      const reasons = new Map<unknown, string>();
      const timeline = (make: typeof createRunSignal) => {
        const caller = callerKind === 0 ? undefined : new AbortController();
        const reason = new Error(`caller reason ${round}`);
        reasons.set(reason, 'caller');
        if (callerKind === 2) caller?.abort(reason);
        const scope = make(caller?.signal, budgetMs);
        const released: unknown[] = [];
        const seen = [];
        for (let ms = 0; ms <= 30; ms++) {
          if (ms === waitFrom && !scope.signal.aborted) abortWaiters(scope.signal).add((why) => released.push(why));
          if (ms === callerAbortAt) caller?.abort(reason);
          seen.push(observe(scope, released, reasons));
          vi.advanceTimersByTime(1);
        }
        scope.dispose();
        return seen;
      };
      expect(timeline(createRunSignal), `round ${round}`).toEqual(timeline(referenceRunSignal));
    }
  });

  it('lets many runs share one caller signal, and stops following it once disposed', () => {
    const caller = new AbortController();
    const scopes = Array.from({ length: 100 }, () => createRunSignal(caller.signal, Infinity));
    for (const scope of scopes.slice(0, 50)) scope.dispose();
    caller.abort('stop');
    expect(scopes.map((scope) => scope.signal.aborted)).toEqual([...Array.from({ length: 50 }, () => false), ...Array.from({ length: 50 }, () => true)]);
    expect(scopes.slice(50).every((scope) => scope.signal.reason === 'stop' && scope.cancelled())).toBe(true);
  });
});
