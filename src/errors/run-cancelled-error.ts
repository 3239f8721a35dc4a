import type { ModelMessage } from '../spec/model.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/** The caller aborted the run through its `AbortSignal`. `cause` is the signal's reason. */
export class RunCancelledError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_RunCancelledError';
  static override isInstance = isErrorNamed<RunCancelledError>(RunCancelledError.errorName);
  readonly fault = 'cancelled' as const;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  constructor(fields: RunSnapshot & { cause?: unknown }) {
    super('The run was cancelled.', { cause: fields.cause });
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
