/**
 * Waiting on an AbortSignal without a listener per wait. A run waits on its signal many times a
 * step (the model, the approval policy, each tool call, each streamed part): an `addEventListener`
 * and `removeEventListener` pair per wait costs listener records and option checks on every one.
 * Instead each signal gets one listener, the first time something waits on it, and each wait is an
 * entry in that signal's set, added and deleted at no cost.
 */

/**
 * Called with the signal's reason when it aborts: a function, or an object whose `onAbort` is
 * called (an object that keeps its own state, such as a tool call, then needs no closure per wait).
 */
export type AbortWaiter = ((reason: unknown) => void) | { onAbort(reason: unknown): void };

/**
 * The waiters of one signal, in the order they were added. A plain list, not a Set: a run has one
 * or two waits at a time, and a Set that is added to and deleted from on every wait keeps
 * reallocating its table.
 */
export class AbortWaiters {
  /** Undefined until the first wait; then kept, so later waits reuse its room. */
  #waiting: AbortWaiter[] | undefined;

  get size(): number {
    return this.#waiting?.length ?? 0;
  }

  add(waiter: AbortWaiter): void {
    // The first wait gets a one-slot list: a `push` onto an empty array reserves 17 slots (152 bytes),
    // kept for as long as the run waits (on its model, for seconds), and a run mostly has one wait.
    // The list is kept when it empties: a `push` into its free slot allocates nothing (a new
    // one-slot list per wait did, on every tool call and model turn).
    if (this.#waiting === undefined) this.#waiting = [waiter];
    else this.#waiting.push(waiter);
  }

  /** Drops `waiter` (its last entry), keeping the others in order; nothing when it is not there. */
  delete(waiter: AbortWaiter): void {
    const waiting = this.#waiting;
    if (waiting === undefined) return;
    const index = waiting.lastIndexOf(waiter);
    if (index < 0) return;
    for (let at = index; at < waiting.length - 1; at++) waiting[at] = waiting[at + 1] as AbortWaiter;
    waiting.pop();
  }

  /** Calls every waiter once with `reason`, in order; they are dropped first. */
  release(reason: unknown): void {
    if (this.#waiting === undefined) return;
    const waiting = this.#waiting.splice(0);
    for (const waiter of waiting) {
      if (typeof waiter === 'function') waiter(reason);
      else waiter.onAbort(reason);
    }
  }
}

const waitersBySignal = new WeakMap<AbortSignal, AbortWaiters>();
/**
 * Owned waiters live on their signal under this key, not in `waitersBySignal`: every run registers
 * one, and a WeakMap entry per run (an ephemeron the garbage collector must process) cost about as
 * much as the rest of the run's start (run-signal.ts).
 */
const ownedKey = Symbol('reins.ownedAbortWaiters');

/**
 * The waiters of `signal`: add a function to be called with the signal's reason when it aborts,
 * delete it once the wait is over. Adding to a signal already aborted calls nothing: check
 * `signal.aborted` first. Waiters are called in the order they were added, once.
 */
export function abortWaiters(signal: AbortSignal): AbortWaiters {
  const owned = (signal as unknown as Record<symbol, AbortWaiters | undefined>)[ownedKey];
  if (owned !== undefined) return owned;
  let waiters = waitersBySignal.get(signal);
  if (!waiters) {
    const own = new AbortWaiters();
    signal.addEventListener('abort', () => own.release(signal.reason), { once: true });
    waitersBySignal.set(signal, own);
    waiters = own;
  }
  return waiters;
}

/**
 * The waiters of a signal its owner aborts itself (a run's, `run-signal.ts`): registered as
 * `abortWaiters(signal)` with no listener on the signal; the owner calls `release` right after it
 * aborts the signal. Throws when the signal already has waiters.
 */
export function ownedAbortWaiters(signal: AbortSignal): AbortWaiters {
  if (waitersBySignal.has(signal) || ownedKey in signal) throw new Error('ownedAbortWaiters: this signal already has waiters');
  const own = new AbortWaiters();
  (signal as unknown as Record<symbol, AbortWaiters>)[ownedKey] = own;
  return own;
}
