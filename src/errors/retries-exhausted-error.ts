import type { ModelMessage } from '../spec/model.ts';
import type { InvalidDecisionError } from './invalid-decision-error.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/** The model produced invalid output more than `maxRetries` times in one turn. */
export class RetriesExhaustedError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_RetriesExhaustedError';
  static override isInstance = isErrorNamed<RetriesExhaustedError>(RetriesExhaustedError.errorName);
  readonly fault = 'limit' as const;
  /** A one-line summary of why the turn failed, from the last error. */
  readonly reason: string;
  /** Every invalid output of the turn, in order. */
  readonly errors: InvalidDecisionError[];
  readonly lastError: InvalidDecisionError;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  constructor(fields: { errors: InvalidDecisionError[]; lastError: InvalidDecisionError } & RunSnapshot) {
    const reason = `${fields.lastError.kind}: ${fields.lastError.message}`;
    super(`The model gave invalid output ${fields.errors.length} times in a row (${reason}).`, {
      cause: fields.lastError,
    });
    this.reason = reason;
    this.errors = fields.errors;
    this.lastError = fields.lastError;
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
