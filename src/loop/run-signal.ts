/**
 * The signal a run passes everywhere: aborted when the caller's signal aborts or the time budget
 * (`maxDurationMs`) runs out. `dispose` clears the timer and listener; call it in `finally`.
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
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  const timer = Number.isFinite(maxDurationMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`));
      }, maxDurationMs)
    : undefined;
  return {
    signal: controller.signal,
    cancelled: () => callerSignal?.aborted === true && !timedOut,
    timedOut: () => timedOut,
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}
