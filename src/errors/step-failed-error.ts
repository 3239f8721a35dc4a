import type { ModelMessage } from '../spec/model.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/**
 * The model ended the run as failed on purpose (envelope `workflow_control` action `fail_step`):
 * its output was valid, so it is not corrected or retried; the run ends `failed` with the model's reason.
 */
export class StepFailedError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_StepFailedError';
  static override isInstance = isErrorNamed<StepFailedError>(StepFailedError.errorName);
  readonly fault = 'model' as const;
  /** The model's reason (`params.reason` of `fail_step`). */
  readonly reason: string;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  constructor(fields: { reason: string; cause?: unknown } & RunSnapshot) {
    super(`The model failed the step: ${fields.reason}`, { cause: fields.cause });
    this.reason = fields.reason;
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
