/**
 * Runs one tool call under a timeout and the caller's AbortSignal. The work gets its own signal,
 * aborted on timeout or cancellation (with the caller's reason, or a ToolTimeoutError); the promise
 * settles at once even if the work ignores it. The work's signal follows the caller's as one of its
 * waiters (`abort-waiters.ts`), dropped when the call ends: no `AbortSignal.any` per call (a
 * composite signal costs weak references and GC bookkeeping on every tool call of every run).
 * The timeout's timer is reused from call to call (`reused-timers.ts`).
 */
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';
import { abortWaiters } from './abort-waiters.ts';
import { startToolTimer, type ToolTimer } from './reused-timers.ts';

function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
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

export function withToolTimeout<T, R = T>(
  work: (signal: AbortSignal) => T | Promise<T>,
  options: ToolTimeoutOptions,
  outcome?: ToolCallOutcome<T, R>,
): Promise<R> {
  const caller = options.signal;
  // A call cancelled before it starts never runs: the work would otherwise win the race below.
  if (caller?.aborted) return Promise.reject(outcome ? outcome.error(caller.reason) : caller.reason);
  return new Promise<R>((resolveWith, rejectWith) => {
    // The first outcome wins; a later one is not mapped either.
    let settled = false;
    const resolve = (value: T) => {
      if (settled) return;
      settled = true;
      if (!outcome) return resolveWith(value as unknown as R);
      try {
        resolveWith(outcome.value(value));
      } catch (error) {
        rejectWith(error);
      }
    };
    const reject = (error: unknown) => {
      if (settled) return;
      settled = true;
      rejectWith(outcome ? outcome.error(error) : error);
    };
    /** The work's signal: aborted by the caller's signal or the timeout, whichever comes first. */
    const controller = new AbortController();
    let timer: ToolTimer | undefined;
    const waiters = caller ? abortWaiters(caller) : undefined;
    const settle = () => {
      timer?.cancel();
      timer = undefined;
      waiters?.delete(stop);
    };
    const stop = (reason: unknown) => {
      settle();
      controller.abort(reason);
      reject(reason);
    };
    waiters?.add(stop);
    const timeoutMs = options.timeoutMs;
    if (timeoutMs !== undefined && timeoutMs > 0 && Number.isFinite(timeoutMs)) {
      timer = startToolTimer(timeoutMs, () => stop(new ToolTimeoutError(options.toolName, timeoutMs)));
    }
    let pending: T | Promise<T>;
    try {
      pending = work(controller.signal);
    } catch (error) {
      settle();
      reject(error);
      return;
    }
    // A synchronous result (or a stop the work caused itself, which already rejected) settles now.
    if (!isPromiseLike(pending)) {
      settle();
      resolve(pending as T);
      return;
    }
    // Whatever settles first wins; the other outcome is ignored (a promise settles once).
    Promise.resolve(pending).then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
