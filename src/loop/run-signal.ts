/**
 * The signal a run passes everywhere: aborted when the caller's signal aborts or the time budget
 * (`maxDurationMs`) runs out, whichever comes first (`AbortSignal.any`). `cancelled` and
 * `timedOut` say which one it was; `dispose` clears the budget's timer (call it in `finally`).
 * The timer is an ordinary one, not `AbortSignal.timeout`: that one does not keep the process
 * alive, so a run waiting on a callee that never answers could end with the process instead of
 * with its time budget.
 */
export interface RunSignal {
  signal: AbortSignal;
  /** True when the caller cancelled. */
  cancelled(): boolean;
  /** True when the time budget ran out. */
  timedOut(): boolean;
  dispose(): void;
}

export function createRunSignal(callerSignal: AbortSignal | undefined, maxDurationMs: number): RunSignal {
  const budget = new AbortController();
  const timer = Number.isFinite(maxDurationMs)
    ? setTimeout(() => budget.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`)), maxDurationMs)
    : undefined;
  const signal = callerSignal ? AbortSignal.any([callerSignal, budget.signal]) : budget.signal;
  const timedOut = () => budget.signal.aborted && signal.reason === budget.signal.reason;
  return {
    signal,
    timedOut,
    cancelled: () => signal.aborted && !timedOut(),
    dispose: () => clearTimeout(timer),
  };
}
