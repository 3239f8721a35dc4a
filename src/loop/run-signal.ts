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
  return new BudgetedRunSignal(callerSignal, maxDurationMs);
}

/** One object per run, its methods on the prototype: no closure per method and run. */
class BudgetedRunSignal implements RunSignal {
  readonly signal: AbortSignal;
  readonly #callerSignal: AbortSignal | undefined;
  /** Aborted when the time budget runs out. */
  readonly #budget = new AbortController();
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  constructor(callerSignal: AbortSignal | undefined, maxDurationMs: number) {
    this.#callerSignal = callerSignal;
    this.#timer = Number.isFinite(maxDurationMs)
      ? setTimeout(() => {
          this.#timedOut = true;
          this.#budget.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`));
        }, maxDurationMs)
      : undefined;
    this.signal = callerSignal ? AbortSignal.any([callerSignal, this.#budget.signal]) : this.#budget.signal;
  }

  cancelled(): boolean {
    return this.#callerSignal?.aborted === true && !this.#timedOut;
  }

  timedOut(): boolean {
    return this.#timedOut;
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
  }
}
