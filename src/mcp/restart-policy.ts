/**
 * When to restart a crashed server and when to give up: exponential backoff, and a drop after
 * `maxCrashes` crashes within `windowMs`.
 */
export interface RestartOptions {
  /** Crashes within `windowMs` after which the server is dropped. @default 3 */
  maxCrashes?: number;
  /** @default 60_000 */
  windowMs?: number;
  /** Delay before the first restart; doubles after each crash in the window. @default 200 */
  initialDelayMs?: number;
  /** @default 5_000 */
  maxDelayMs?: number;
}

export type CrashVerdict = { action: 'restart'; delayMs: number; crashes: number } | { action: 'drop'; crashes: number };

export class RestartPolicy {
  readonly #options: Required<RestartOptions>;
  #crashTimes: number[] = [];

  constructor(options: RestartOptions = {}) {
    this.#options = { maxCrashes: 3, windowMs: 60_000, initialDelayMs: 200, maxDelayMs: 5_000, ...options };
  }

  /** Records a crash at `now` and says what to do. */
  crash(now = Date.now()): CrashVerdict {
    const { maxCrashes, windowMs, initialDelayMs, maxDelayMs } = this.#options;
    this.#crashTimes = [...this.#crashTimes.filter((time) => now - time < windowMs), now];
    const crashes = this.#crashTimes.length;
    if (crashes >= maxCrashes) return { action: 'drop', crashes };
    return { action: 'restart', crashes, delayMs: Math.min(maxDelayMs, initialDelayMs * 2 ** (crashes - 1)) };
  }
}
