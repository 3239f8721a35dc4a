/**
 * The signal a run passes everywhere: aborted when the caller's signal aborts or the time budget
 * (`maxDurationMs`) runs out. `dispose` clears the timer and stops following the caller's signal;
 * call it in `finally`.
 *
 * Why not `AbortSignal.any([caller, budget])`: a run waiting on its model held three signals that
 * way (the caller's, the budget's and the composite one) with the machinery Node keeps to link them
 * weakly (two sets, weak references, finalization cells), about 1 KB per waiting run, and an
 * `abort` listener (a listener map) on the composite signal for the run's waits. Here a run owns one
 * controller: a caller's signal gets one listener for all the runs that follow it (`CallerRuns`),
 * and the run's waits (`abortWaiters`) are released by the run itself right after it aborts its
 * signal, with no listener on it.
 */
import { ownedAbortWaiters, type AbortWaiters } from '../tools/abort-waiters.ts';

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
  /** Aborted when the caller's signal aborts or the time budget runs out: `signal` is its signal. */
  readonly #controller = new AbortController();
  /** The run's waits on `signal`, released right after it aborts. */
  readonly #waiters: AbortWaiters;
  readonly #timer: ReturnType<typeof setTimeout> | undefined;
  /** The runs following the caller's signal, this one among them until `dispose`. */
  readonly #callerRuns: CallerRuns | undefined;
  #timedOut = false;

  constructor(callerSignal: AbortSignal | undefined, maxDurationMs: number) {
    this.signal = this.#controller.signal;
    this.#waiters = ownedAbortWaiters(this.signal);
    this.#callerSignal = callerSignal;
    if (callerSignal?.aborted) this.abort(callerSignal.reason);
    else if (callerSignal) this.#callerRuns = CallerRuns.of(callerSignal).add(this);
    this.#timer = Number.isFinite(maxDurationMs)
      ? setTimeout(() => {
          this.#timedOut = true;
          this.abort(new Error(`time budget of ${maxDurationMs} ms exceeded`));
        }, maxDurationMs)
      : undefined;
  }

  /** Aborts the run's signal (once: a later reason is ignored), then releases the run's waits. */
  abort(reason: unknown): void {
    if (this.signal.aborted) return;
    this.#controller.abort(reason);
    this.#waiters.release(this.signal.reason);
  }

  cancelled(): boolean {
    return this.#callerSignal?.aborted === true && !this.#timedOut;
  }

  timedOut(): boolean {
    return this.#timedOut;
  }

  dispose(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#callerRuns?.delete(this);
  }
}

/**
 * The runs following one caller's signal (many runs may share one, e.g. a process-wide shutdown
 * signal): one `abort` listener for all of them, and a run joins and leaves the set in O(1).
 */
class CallerRuns {
  static readonly #bySignal = new WeakMap<AbortSignal, CallerRuns>();
  readonly #runs = new Set<BudgetedRunSignal>();

  static of(signal: AbortSignal): CallerRuns {
    let runs = CallerRuns.#bySignal.get(signal);
    if (!runs) {
      const created = new CallerRuns();
      signal.addEventListener('abort', () => created.#abortAll(signal.reason), { once: true });
      CallerRuns.#bySignal.set(signal, created);
      runs = created;
    }
    return runs;
  }

  add(run: BudgetedRunSignal): this {
    this.#runs.add(run);
    return this;
  }

  delete(run: BudgetedRunSignal): void {
    this.#runs.delete(run);
  }

  #abortAll(reason: unknown): void {
    const runs = [...this.#runs];
    this.#runs.clear();
    for (const run of runs) {
      try {
        run.abort(reason);
      } catch (error) {
        // One run's waiter that throws must not keep the other runs from stopping; it is reported
        // as uncaught, as a throwing `abort` listener is.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
