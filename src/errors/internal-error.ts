import { isErrorNamed, ReinsError } from './reins-error.ts';
import { describeThrown } from './describe-thrown.ts';

/**
 * Something failed that should not fail: a bug in reins or in code plugged into it (a custom
 * codec, a toolbox, a tool's output that cannot be turned into a result). Fault `internal`: never
 * retried, never blamed on the model or the user's configuration. The original throw is the `cause`.
 */
export class InternalError extends ReinsError {
  static readonly errorName = 'Reins_InternalError';
  static override isInstance = isErrorNamed<InternalError>(InternalError.errorName);
  readonly fault = 'internal' as const;
  /** Where it failed, e.g. `run loop` or `tool weather result`. */
  readonly where: string;

  constructor(where: string, options: { cause?: unknown; message?: string } = {}) {
    const detail = options.cause === undefined ? 'unknown error' : describeThrown(options.cause);
    super(options.message ?? `Unexpected failure in the ${where}: ${detail}`, { cause: options.cause });
    this.where = where;
  }
}
