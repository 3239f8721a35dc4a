import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * The session store could not open or write its database (unwritable folder, corrupt file, locked
 * longer than the busy timeout). Never retried by the loop: the run cannot be made durable.
 */
export class SessionStoreError extends ReinsError {
  static readonly errorName = 'Reins_SessionStoreError';
  static override isInstance = isErrorNamed<SessionStoreError>(SessionStoreError.errorName);
  readonly fault = 'user' as const;
  /** What the store was doing, e.g. `open`, `append`. */
  readonly operation: string;
  /** The database file, or `:memory:`. */
  readonly path: string;

  constructor(message: string, fields: { operation: string; path: string; cause?: unknown }) {
    super(message, { cause: fields.cause });
    this.operation = fields.operation;
    this.path = fields.path;
  }
}
