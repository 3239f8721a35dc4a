/**
 * The signal a run passes everywhere: aborted when the caller's signal aborts or the time budget
 * (`maxDurationMs`) runs out (`AbortSignal.any`). `dispose` clears the timer; call it in `finally`.
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
  /** Aborted when the time budget runs out. */
  const controller = new AbortController();
  let timedOut = false;
  const timer = Number.isFinite(maxDurationMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`));
      }, maxDurationMs)
    : undefined;
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal,
    cancelled: () => callerSignal?.aborted === true && !timedOut,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
