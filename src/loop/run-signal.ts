/**
 * The signal a run passes everywhere: aborted when the caller's signal aborts or the time budget
 * (`maxDurationMs`) runs out, whichever comes first, with that one's reason. `cancelled` and
 * `timedOut` say which one it was; `dispose` clears the budget's timer and stops following the
 * caller's signal (call it in `finally`). The run follows the caller's signal with one listener
 * rather than `AbortSignal.any`, whose weakly held links cost more memory than the rest of a
 * waiting run's signal; the timer is an ordinary one, not `AbortSignal.timeout` (which does not keep
 * the process alive), so a run waiting on a callee that never answers still ends at its budget.
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
  return new BudgetedSignal(callerSignal, maxDurationMs);
}

class BudgetedSignal implements RunSignal {
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #callerSignal: AbortSignal | undefined;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  constructor(callerSignal: AbortSignal | undefined, maxDurationMs: number) {
    this.signal = this.#controller.signal;
    this.#callerSignal = callerSignal;
    if (Number.isFinite(maxDurationMs)) this.#timer = setTimeout(() => this.#outOfTime(maxDurationMs), maxDurationMs);
    if (callerSignal?.aborted) this.handleEvent();
    else callerSignal?.addEventListener('abort', this, { once: true });
  }

  /** The caller's signal aborted (this object is its listener). */
  handleEvent(): void {
    this.#controller.abort(this.#callerSignal?.reason);
  }

  #outOfTime(maxDurationMs: number): void {
    if (this.signal.aborted) return;
    this.#timedOut = true;
    this.#controller.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`));
  }

  timedOut(): boolean {
    return this.#timedOut;
  }

  cancelled(): boolean {
    return this.signal.aborted && !this.#timedOut;
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#callerSignal?.removeEventListener('abort', this);
  }
}
