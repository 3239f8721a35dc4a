/**
 * Timers for tool-call timeouts, reused from call to call. Nearly every call ends long before its
 * timeout, and Node's `setTimeout` + `clearTimeout` pair costs a Timeout object, a closure and, when
 * it was the only timer of its duration, a timer list made and torn down again (with a call into
 * libuv) on every tool call. A finished call's timer is parked instead, unref'd (it keeps no process
 * alive, as a cleared timer would not) and still armed; the next call with the same delay
 * re-arms it with `refresh()` (the same start-now semantics as a new timer) and refs it again. A
 * parked timer that fires finds no call and does nothing; it stays reusable (`refresh()`
 * reactivates a timer that fired). The pool holds at most as many timers as calls ran at once.
 *
 * Timers that cannot be refreshed (a runtime whose `setTimeout` returns a number) are cleared as
 * before. The pool belongs to one `setTimeout`: when `globalThis.setTimeout` is replaced (fake
 * timers in a test), new timers come from the new one.
 */

/** One armed timeout: `cancel` it when the call ends first. */
export interface ToolTimer {
  cancel(): void;
}

/**
 * What a timer does when it fires: a function, or an object whose `onTimeout` is called (a call
 * that keeps its own state then needs no closure per timer).
 */
export type TimerExpiry = (() => void) | { onTimeout(): void };

function expireNow(expire: TimerExpiry): void {
  if (typeof expire === 'function') expire();
  else expire.onTimeout();
}

type Handle = ReturnType<typeof setTimeout>;

/** A Node timer with the methods reuse needs. */
interface RefreshableHandle {
  refresh(): unknown;
  ref(): unknown;
  unref(): unknown;
}

class PooledTimer implements ToolTimer {
  /** What the timer does when it fires for its call; undefined once it fired, and while parked. */
  #expire: TimerExpiry | undefined;
  /** True from start (or reuse) until the call's first `cancel`. */
  #inUse = true;
  readonly handle: Handle & RefreshableHandle;
  readonly delayMs: number;

  constructor(delayMs: number, expire: TimerExpiry) {
    this.delayMs = delayMs;
    this.#expire = expire;
    this.handle = setTimeout(() => this.#fire(), delayMs) as Handle & RefreshableHandle;
  }

  #fire(): void {
    const expire = this.#expire;
    this.#expire = undefined;
    if (expire !== undefined) expireNow(expire);
  }

  /** Re-arms a parked timer for a new call: `delayMs` from now. */
  reuse(expire: TimerExpiry): this {
    this.#inUse = true;
    this.#expire = expire;
    this.handle.refresh();
    this.handle.ref();
    return this;
  }

  /** Ends the timer's call (it fired or not): parked for the next call. Only the first cancel counts. */
  cancel(): void {
    if (!this.#inUse) return;
    this.#inUse = false;
    this.#expire = undefined;
    park(this);
  }
}

/** Parked timers by delay, for the `setTimeout` they came from. */
let parked = new Map<number, PooledTimer[]>();
let pooledFrom: typeof setTimeout | undefined;

function park(timer: PooledTimer): void {
  timer.handle.unref();
  if (pooledFrom !== globalThis.setTimeout) return;
  let pool = parked.get(timer.delayMs);
  if (!pool) {
    pool = [];
    parked.set(timer.delayMs, pool);
  }
  pool.push(timer);
}

function isRefreshable(handle: unknown): handle is Handle & RefreshableHandle {
  const candidate = handle as Partial<RefreshableHandle> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.refresh === 'function' && typeof candidate.ref === 'function' && typeof candidate.unref === 'function';
}

/** A cleared-on-cancel timer, for handles that cannot be refreshed. */
class PlainTimer implements ToolTimer {
  readonly #handle: Handle;

  constructor(delayMs: number, expire: TimerExpiry) {
    this.#handle = typeof expire === 'function' ? setTimeout(expire, delayMs) : setTimeout(expireNow, delayMs, expire);
  }

  cancel(): void {
    clearTimeout(this.#handle);
  }
}

/** Whether this `setTimeout` gives refreshable handles (checked once per `setTimeout`). */
let refreshable = false;

/** Calls `expire` after `delayMs` unless the returned timer is cancelled first. */
export function startToolTimer(delayMs: number, expire: TimerExpiry): ToolTimer {
  if (pooledFrom !== globalThis.setTimeout) {
    pooledFrom = globalThis.setTimeout;
    parked = new Map();
    const probe = setTimeout(() => undefined, 0);
    refreshable = isRefreshable(probe);
    clearTimeout(probe);
  }
  if (!refreshable) return new PlainTimer(delayMs, expire);
  return parked.get(delayMs)?.pop()?.reuse(expire) ?? new PooledTimer(delayMs, expire);
}
