/**
 * Waiting on an AbortSignal without a listener per wait. A run waits on its signal many times a
 * step (the model, the approval policy, each tool call, each streamed part): an `addEventListener`
 * and `removeEventListener` pair per wait costs listener records and option checks on every one.
 * Instead each signal gets one listener, the first time something waits on it, and each wait is an
 * entry in that signal's set, added and deleted at no cost.
 */
export type AbortWaiter = (reason: unknown) => void;

const waitersBySignal = new WeakMap<AbortSignal, Set<AbortWaiter>>();

/**
 * The set of waiters of `signal`: add a function to be called with the signal's reason when it
 * aborts, delete it once the wait is over. Adding to a signal already aborted calls nothing: check
 * `signal.aborted` first. Waiters are called in the order they were added, once.
 */
export function abortWaiters(signal: AbortSignal): Set<AbortWaiter> {
  let waiters = waitersBySignal.get(signal);
  if (!waiters) {
    const own = new Set<AbortWaiter>();
    signal.addEventListener(
      'abort',
      () => {
        const waiting = [...own];
        own.clear();
        for (const waiter of waiting) waiter(signal.reason);
      },
      { once: true },
    );
    waitersBySignal.set(signal, own);
    waiters = own;
  }
  return waiters;
}
