import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * The sessions database a command reads does not exist (a mistyped `--store`, or no run was ever
 * stored there). Reading never creates a database. User fault: never retried.
 */
export class SessionStoreMissingError extends ReinsError {
  static readonly errorName = 'Reins_SessionStoreMissingError';
  static override isInstance = isErrorNamed<SessionStoreMissingError>(SessionStoreMissingError.errorName);
  readonly fault = 'user' as const;
  /** The database file that was looked for. */
  readonly path: string;

  constructor(path: string, options: { cause?: unknown } = {}) {
    super(`No sessions database at ${path}. Check --store (or REINS_SESSIONS_DB); runs are stored by \`reins run\` and \`reins demo\`.`, options);
    this.path = path;
  }
}
