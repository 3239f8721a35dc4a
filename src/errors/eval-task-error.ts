import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A tasks file of `reins eval --tasks` (or tasks given to `evaluate`) that cannot be used: not JSON
 * Lines, an entry without a question, a call in `ground_truth` that no offered tool has. Names the
 * file and line. Never retried: the file must be fixed.
 */
export class EvalTaskError extends ReinsError {
  static readonly errorName = 'Reins_EvalTaskError';
  static override isInstance = isErrorNamed<EvalTaskError>(EvalTaskError.errorName);
  readonly fault = 'user' as const;
  /** Where the tasks came from (a file path, or `tasks` for a list given in code). */
  readonly source: string;
  /** The 1-based line (or index + 1) of the bad entry, when one entry is at fault. */
  readonly line?: number;

  constructor(message: string, fields: { source: string; line?: number; cause?: unknown }) {
    super(`${fields.source}${fields.line === undefined ? '' : `:${fields.line}`}: ${message}`, { cause: fields.cause });
    this.source = fields.source;
    this.line = fields.line;
  }
}
