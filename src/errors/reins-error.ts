/**
 * The one base class of every error reins throws or returns (DESIGN §5).
 * Each subclass has a stable `name` (`Reins_<Class>`), a `Symbol.for` marker and a static
 * `isInstance` that works across duplicate copies of the package, plus structured fields and `cause`.
 */
const baseMarker = Symbol.for('reins.error');

/**
 * Who is at fault decides the retry policy:
 * - `model`: the model misbehaved (unparseable, unknown tool, bad args): re-prompt with a correction.
 * - `transport`: the API or network failed: retry with backoff when `isRetryable`.
 * - `tool`: a tool failed: fed back to the model as an observation.
 * - `user`: configuration or input is wrong: never retried.
 * - `limit`: a policy limit was reached (steps, retries, budget, loop): the run ends.
 * - `cancelled`: the run was aborted.
 * - `internal`: a bug in reins or in code plugged into it (a codec, a toolbox): never retried.
 */
export type ErrorFault = 'model' | 'transport' | 'tool' | 'user' | 'limit' | 'cancelled' | 'internal';

export interface ReinsErrorOptions {
  cause?: unknown;
}

/** True when `value` carries the marker `Symbol.for(key)`. Never throws (a Proxy whose reads throw is no reins error). */
export function hasMarker(value: unknown, key: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return (value as Record<symbol, unknown>)[Symbol.for(key)] === true;
  } catch {
    return false;
  }
}

/** The base of every error reins throws or ends a run with: a stable `name`, a `fault`, `isInstance` across copies of reins. */
export abstract class ReinsError extends Error {
  /** Whose fault the failure is; decides the retry policy. */
  abstract readonly fault: ErrorFault;

  constructor(message: string, options: ReinsErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    (this as unknown as Record<symbol, boolean>)[baseMarker] = true;
    // The stable name and the subclass marker come from the concrete class.
    const ctor = new.target as unknown as { errorName?: string };
    if (ctor.errorName) {
      this.name = ctor.errorName;
      (this as unknown as Record<symbol, boolean>)[Symbol.for(`reins.error.${ctor.errorName}`)] = true;
    }
  }

  /** True for any reins error, from any copy of the package. */
  static isInstance(value: unknown): value is ReinsError {
    return hasMarker(value, 'reins.error');
  }
}

/**
 * Builds the `isInstance` guard of a subclass from its stable name.
 * @example static readonly errorName = 'Reins_ConfigError'; static isInstance = isErrorNamed<ConfigError>('Reins_ConfigError');
 */
export function isErrorNamed<T extends ReinsError>(errorName: string): (value: unknown) => value is T {
  return (value: unknown): value is T => hasMarker(value, `reins.error.${errorName}`);
}
