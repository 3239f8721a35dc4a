import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * No stored run has the given id (or, for a short id, several do). User fault: a mistyped or
 * deleted id. Never retried.
 */
export class SessionNotFoundError extends ReinsError {
  static readonly errorName = 'Reins_SessionNotFoundError';
  static override isInstance = isErrorNamed<SessionNotFoundError>(SessionNotFoundError.errorName);
  readonly fault = 'user' as const;
  /** The id or id prefix that was asked for. */
  readonly runId: string;
  /** The runs a short id matched, when it matched more than one. */
  readonly candidates: string[];

  constructor(runId: string, options: { candidates?: string[]; cause?: unknown } = {}) {
    const candidates = options.candidates ?? [];
    super(
      candidates.length > 1
        ? `The id "${runId}" matches ${candidates.length} runs (${candidates.slice(0, 5).join(', ')}); give more characters.`
        : `No stored run with id "${runId}". List runs with \`reins sessions\`.`,
      { cause: options.cause },
    );
    this.runId = runId;
    this.candidates = candidates;
  }
}
