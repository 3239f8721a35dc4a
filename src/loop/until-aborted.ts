/**
 * Waits on a callee (model, user callback, approval policy, stream) only while the run's signal is
 * live: whatever the callee does with the signal, the wait ends with the signal's reason once it
 * aborts (caller cancel or `maxDurationMs`). The abandoned promise's later rejection is swallowed.
 */
import { abortWaiters } from '../tools/abort-waiters.ts';
import { isPromiseLike } from '../tools/with-tool-timeout.ts';

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

/** The resolving functions of the promise being made: `new Promise(captureResolvers)` needs no executor closure per call. */
let capturedResolve: (value: unknown) => void = () => undefined;
let capturedReject: (reason: unknown) => void = () => undefined;

function captureResolvers(resolve: (value: unknown) => void, reject: (reason: unknown) => void): void {
  capturedResolve = resolve;
  capturedReject = reject;
}

/**
 * Settles with `pending`, or with the signal's reason once it aborts (one listener, removed when
 * settled), as one promise: `toValue` maps a value (a throw from it rejects as is; a promise it
 * returns is followed) and `toError` maps a rejection or the abort reason, so a caller that maps
 * both (`generateTurn`) chains nothing. Both get `self` as their second argument: module functions
 * given the object they work on need no closure per call.
 */
export function raceAbort<T, R = T, S = undefined>(
  pending: T | PromiseLike<T>,
  signal: AbortSignal,
  toValue?: (value: T, self: S) => R | PromiseLike<R>,
  toError?: (error: unknown, self: S) => unknown,
  self?: S,
): Promise<R> {
  const promise = new Promise<R>(captureResolvers as (resolve: (value: R | PromiseLike<R>) => void, reject: (reason: unknown) => void) => void);
  const resolve = capturedResolve as (value: R | PromiseLike<R>) => void;
  const reject = capturedReject;
  // The callee may have aborted the signal itself, synchronously.
  if (signal.aborted) {
    Promise.resolve(pending).catch(() => undefined);
    reject(toError ? toError(signal.reason, self as S) : signal.reason);
    return promise;
  }
  const waiters = abortWaiters(signal);
  // The abort waiter is also the rejection handler (deleting a waiter already released is a no-op);
  // it also keeps a promise abandoned on abort from rejecting unhandled.
  const fail = (error: unknown): void => {
    waiters.delete(fail);
    reject(toError ? toError(error, self as S) : error);
  };
  waiters.add(fail);
  Promise.resolve(pending).then((value) => {
    waiters.delete(fail);
    if (!toValue) return resolve(value as unknown as R);
    try {
      resolve(toValue(value, self as S));
    } catch (error) {
      reject(error);
    }
  }, fail);
  return promise;
}
