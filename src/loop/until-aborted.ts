/**
 * Waits on a callee (model, user callback, approval policy, stream) only while the run's signal is
 * live: whatever the callee does with the signal, the wait ends with the signal's reason once it
 * aborts (caller cancel or `maxDurationMs`). The abandoned promise's later rejection is swallowed.
 */
import { abortWaiters } from '../tools/abort-waiters.ts';

export function untilAborted<T>(work: () => T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let pending: T | Promise<T>;
  try {
    pending = work();
  } catch (error) {
    return Promise.reject(error);
  }
  return raceAbort(pending, signal);
}

/**
 * `untilAborted` for callees that often answer synchronously (an approval policy, a user callback):
 * a plain value comes back as is, with no promise, listener or microtask on the way; a synchronous
 * throw is thrown. A promise is raced against the signal as `untilAborted` does.
 */
export function untilAbortedSync<T>(work: () => T | Promise<T>, signal: AbortSignal): T | Promise<T> {
  signal.throwIfAborted();
  const value = work();
  if (isPromiseLike(value)) return raceAbort(value, signal);
  // The callee may have aborted the signal itself, synchronously.
  signal.throwIfAborted();
  return value;
}

export function isPromiseLike<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * Settles with `pending`, or with the signal's reason once it aborts (one listener, removed when
 * settled), as one promise: `toValue` maps a value (a throw from it rejects as is) and `toError`
 * maps a rejection or the abort reason, so a caller that maps both (`generateTurn`) chains nothing.
 */
export function raceAbort<T, R = T>(pending: T | PromiseLike<T>, signal: AbortSignal, toValue?: (value: T) => R, toError?: (error: unknown) => unknown): Promise<R> {
  return new Promise<R>((resolve, reject) => {
    const fail = toError ? (error: unknown) => reject(toError(error)) : reject;
    // The callee may have aborted the signal itself, synchronously.
    if (signal.aborted) {
      Promise.resolve(pending).catch(() => undefined);
      fail(signal.reason);
      return;
    }
    const waiters = abortWaiters(signal);
    waiters.add(fail);
    // The rejection handler also keeps a promise abandoned on abort from rejecting unhandled.
    Promise.resolve(pending).then(
      (value) => {
        waiters.delete(fail);
        if (!toValue) return resolve(value as unknown as R);
        try {
          resolve(toValue(value));
        } catch (error) {
          reject(error);
        }
      },
      (error: unknown) => {
        waiters.delete(fail);
        fail(error);
      },
    );
  });
}
