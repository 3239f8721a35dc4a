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

/** Settles with `pending`, or with the signal's reason once it aborts (one listener, removed when settled). */
function raceAbort<T>(pending: T | PromiseLike<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The callee may have aborted the signal itself, synchronously.
    if (signal.aborted) {
      Promise.resolve(pending).catch(() => undefined);
      reject(signal.reason);
      return;
    }
    const waiters = abortWaiters(signal);
    waiters.add(reject);
    // The rejection handler also keeps a promise abandoned on abort from rejecting unhandled.
    Promise.resolve(pending).then(
      (value) => {
        waiters.delete(reject);
        resolve(value);
      },
      (error: unknown) => {
        waiters.delete(reject);
        reject(error);
      },
    );
  });
}
