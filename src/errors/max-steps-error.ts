import type { ModelMessage } from '../spec/model.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/** The run reached `maxSteps` without an answer. */
export class MaxStepsError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_MaxStepsError';
  static override isInstance = isErrorNamed<MaxStepsError>(MaxStepsError.errorName);
  readonly fault = 'limit' as const;
  readonly maxSteps: number;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  constructor(fields: { maxSteps: number } & RunSnapshot & { cause?: unknown }) {
    super(`No answer after ${fields.maxSteps} step${fields.maxSteps === 1 ? '' : 's'} (maxSteps).`, { cause: fields.cause });
    this.maxSteps = fields.maxSteps;
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
