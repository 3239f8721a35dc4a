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

export function withToolTimeout<T>(
  work: (signal: AbortSignal) => T | Promise<T>,
  options: ToolTimeoutOptions,
): Promise<T> {
  const caller = options.signal;
  // A call cancelled before it starts never runs: the work would otherwise win the race below.
  if (caller?.aborted) return Promise.reject(caller.reason);
  return new Promise<T>((resolve, reject) => {
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
      resolve(pending);
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
