import type { ModelMessage } from '../spec/model.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/**
 * The model itself reported that it failed (envelope `status: 'ERROR_INTERNAL'`): its output was
 * valid, so it is not corrected or retried; the run ends `failed` with the model's own message.
 */
export class ModelReportedError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_ModelReportedError';
  static override isInstance = isErrorNamed<ModelReportedError>(ModelReportedError.errorName);
  readonly fault = 'model' as const;
  /** The status the model wrote, e.g. `ERROR_INTERNAL`. */
  readonly status: string;
  /** What the model said about its failure (envelope `final_response`); may be empty. */
  readonly modelMessage: string;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  /** `message` is the model's own text (`final_response`); when empty, a generic one naming the status. */
  constructor(fields: { status: string; message: string; cause?: unknown } & RunSnapshot) {
    const text = fields.message.trim();
    super(text === '' ? `The model reported ${fields.status} without a message.` : text, { cause: fields.cause });
    this.status = fields.status;
    this.modelMessage = fields.message;
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
