/**
 * Runs one tool call under a timeout and the caller's AbortSignal. The work gets its own signal,
 * aborted on timeout or cancellation (with the caller's reason, or a ToolTimeoutError); the promise
 * settles at once even if the work ignores it. The work's signal follows the caller's as one of its
 * waiters (`abort-waiters.ts`), dropped when the call ends: no `AbortSignal.any` per call (a
 * composite signal costs weak references and GC bookkeeping on every tool call of every run).
 * The timeout's timer is reused from call to call (`reused-timers.ts`).
 *
 * A call is one object (`TimedToolCall`): it is the caller signal's waiter and the timer's target
 * itself, so it makes no closures, and a work that answers synchronously settles it without any
 * promise (`start` returns none; `outcome` reads it).
 */
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';
import { abortWaiters, type AbortWaiters } from './abort-waiters.ts';
import { startToolTimer, type ToolTimer } from './reused-timers.ts';

/** Whether a callee's answer is a promise (or any thenable) to wait on, rather than the value itself. */
export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

export interface ToolTimeoutOptions {
  toolName: string;
  signal?: AbortSignal;
  /** No timeout when undefined, 0 or Infinity. */
  timeoutMs?: number;
}

/**
 * What the call's promise settles with, mapped in the same step (no second promise per call): the
 * work's value through `value` (a throw there rejects the call as it is), and every failure (the
 * work's, a timeout, a cancellation) through `error`.
 */
export interface ToolCallOutcome<T, R> {
  value(value: T): R;
  error(error: unknown): unknown;
}

const running = 0;
const succeeded = 1;
const failed = 2;

function ignore(): void {}

/**
 * One call: `run` is the work, `value` and `error` map its outcome (as `ToolCallOutcome` does).
 * `start` runs it once; the first outcome wins (the work's value or failure, the caller's abort,
 * the timeout) and a later one is not mapped either.
 */
export abstract class TimedToolCall<T, R> {
  readonly #toolName: string;
  readonly #caller: AbortSignal | undefined;
  readonly #timeoutMs: number | undefined;
  /** The work's signal: aborted by the caller's signal or the timeout, whichever comes first. */
  #controller: AbortController | undefined;
  #timer: ToolTimer | undefined;
  #waiters: AbortWaiters | undefined;
  #state: typeof running | typeof succeeded | typeof failed = running;
  /** The mapped value or failure of a call that settled before its promise was made. */
  #settledWith: unknown;
  /** The promise's settle functions, once the work answered with a promise. */
  #resolve: ((value: R) => void) | undefined;
  #reject: ((error: unknown) => void) | undefined;

  constructor(toolName: string, caller: AbortSignal | undefined, timeoutMs: number | undefined) {
    this.#toolName = toolName;
    this.#caller = caller;
    this.#timeoutMs = timeoutMs;
  }

  /** Runs the work with its own signal. */
  protected abstract run(signal: AbortSignal): T | PromiseLike<T>;
  /** Maps the work's value; a throw rejects the call as it is. */
  protected abstract value(value: T): R;
  /** Maps a failure: the work's, the timeout's ToolTimeoutError, the caller's reason. */
  protected abstract error(error: unknown): unknown;

  /**
   * Runs the call. Returns its promise when the work answered with one; undefined when the call
   * settled synchronously (a plain value, a throw, a caller already aborted or aborted by the work
   * itself): read that outcome with `outcome()`.
   */
  start(): Promise<R> | undefined {
    const caller = this.#caller;
    // A call cancelled before it starts never runs: the work would otherwise win the race below.
    if (caller?.aborted) {
      this.#fail(caller.reason);
      return undefined;
    }
    const controller = new AbortController();
    this.#controller = controller;
    if (caller) {
      this.#waiters = abortWaiters(caller);
      this.#waiters.add(this);
    }
    const timeoutMs = this.#timeoutMs;
    if (timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)) this.#timer = startToolTimer(timeoutMs, this);
    let pending: T | PromiseLike<T>;
    try {
      pending = this.run(controller.signal);
    } catch (error) {
      this.#release();
      this.#fail(error);
      return undefined;
    }
    // A synchronous result settles now.
    if (!isPromiseLike(pending)) {
      this.#release();
      this.#succeed(pending);
      return undefined;
    }
    // Stopped by the work itself (it aborted the caller's signal) before it returned: the promise it
    // returned is abandoned; its rejection must not go unhandled.
    if (this.#state !== running) {
      Promise.resolve(pending).then(ignore, ignore);
      return undefined;
    }
    return new Promise<R>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
      // Whatever settles first wins; the other outcome is ignored.
      Promise.resolve(pending).then(
        (value) => {
          this.#release();
          this.#succeed(value);
        },
        (error: unknown) => {
          this.#release();
          this.#fail(error);
        },
      );
    });
  }

  /** The outcome of a call `start` settled synchronously: its value, or its failure thrown. */
  outcome(): R {
    if (this.#state === failed) throw this.#settledWith;
    return this.#settledWith as R;
  }

  /** The caller's signal aborted (this call is one of its waiters). */
  onAbort(reason: unknown): void {
    this.#stop(reason);
  }

  /** The timeout expired (this call is its timer's target). */
  onTimeout(): void {
    this.#stop(new ToolTimeoutError(this.#toolName, this.#timeoutMs as number));
  }

  #stop(reason: unknown): void {
    this.#release();
    this.#controller?.abort(reason);
    this.#fail(reason);
  }

  /** The call is over: its timer and its wait on the caller's signal are dropped. */
  #release(): void {
    this.#timer?.cancel();
    this.#timer = undefined;
    this.#waiters?.delete(this);
  }

  #succeed(value: T): void {
    if (this.#state !== running) return;
    let mapped: R;
    try {
      mapped = this.value(value);
    } catch (error) {
      this.#state = failed;
      this.#settledWith = error;
      this.#reject?.(error);
      return;
    }
    this.#state = succeeded;
    if (this.#resolve) this.#resolve(mapped);
    else this.#settledWith = mapped;
  }

  #fail(error: unknown): void {
    if (this.#state !== running) return;
    this.#state = failed;
    const mapped = this.error(error);
    if (this.#reject) this.#reject(mapped);
    else this.#settledWith = mapped;
  }
}

/** The outcome of a settled call as a promise (`start` made none). */
function settledPromise<R>(call: TimedToolCall<unknown, R>): Promise<R> {
  try {
    return Promise.resolve(call.outcome());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A call of a work function, its outcome mapped by `outcome` (or not at all). */
class WorkCall<T, R> extends TimedToolCall<T, R> {
  readonly #work: (signal: AbortSignal) => T | Promise<T>;
  readonly #outcome: ToolCallOutcome<T, R> | undefined;

  constructor(work: (signal: AbortSignal) => T | Promise<T>, options: ToolTimeoutOptions, outcome: ToolCallOutcome<T, R> | undefined) {
    super(options.toolName, options.signal, options.timeoutMs);
    this.#work = work;
    this.#outcome = outcome;
  }

  protected run(signal: AbortSignal): T | Promise<T> {
    return this.#work(signal);
  }

  protected value(value: T): R {
    return this.#outcome ? this.#outcome.value(value) : (value as unknown as R);
  }

  protected error(error: unknown): unknown {
    return this.#outcome ? this.#outcome.error(error) : error;
  }
}

export function withToolTimeout<T, R = T>(
  work: (signal: AbortSignal) => T | Promise<T>,
  options: ToolTimeoutOptions,
  outcome?: ToolCallOutcome<T, R>,
): Promise<R> {
  const call = new WorkCall(work, options, outcome);
  return call.start() ?? settledPromise(call);
}

/** Runs `call`: its value (it settled at once) or its promise; a synchronous failure is thrown. */
export function runTimedCall<T, R>(call: TimedToolCall<T, R>): R | Promise<R> {
  return call.start() ?? call.outcome();
}
