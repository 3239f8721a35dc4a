import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A stored run's row cannot be read back as written: its metadata is not JSON, or a field has a
 * shape reins never writes (a damaged database, a hand edit, another tool). User fault: the run
 * cannot be shown or resumed as it is. Never retried.
 */
export class CorruptSessionError extends ReinsError {
  static readonly errorName = 'Reins_CorruptSessionError';
  static override isInstance = isErrorNamed<CorruptSessionError>(CorruptSessionError.errorName);
  readonly fault = 'user' as const;
  /** The run whose row is damaged. */
  readonly runId: string;
  /** What is wrong, one entry per field (`config.approve: ...`), or why the row could not be parsed. */
  readonly problems: string[];

  constructor(runId: string, problems: string[], options: { cause?: unknown } = {}) {
    super(`Stored run ${runId} is corrupt: ${problems.join('; ')}.`, { cause: options.cause });
    this.runId = runId;
    this.problems = problems;
  }
}
