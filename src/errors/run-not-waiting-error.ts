import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A reply was sent to a durable run that is not waiting for the human (it has not asked yet, was
 * answered already, ended, or is unknown). User fault: nothing was sent; never retried.
 */
export class RunNotWaitingError extends ReinsError {
  static readonly errorName = 'Reins_RunNotWaitingError';
  static override isInstance = isErrorNamed<RunNotWaitingError>(RunNotWaitingError.errorName);
  readonly fault = 'user' as const;
  readonly runId: string;

  constructor(runId: string) {
    super(`Run ${runId} is not waiting for a reply: it has no open question or approval. Nothing was sent.`);
    this.runId = runId;
  }
}
