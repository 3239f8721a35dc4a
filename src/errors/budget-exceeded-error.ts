import type { ModelMessage } from '../spec/model.ts';
import { isErrorNamed, ReinsError } from './reins-error.ts';
import type { RunSnapshot } from './run-snapshot.ts';

/** Which budget ran out: total tokens (`maxTokens`) or wall time (`maxDurationMs`). */
export type BudgetKind = 'tokens' | 'time';

/** The run used up its token or time budget. */
export class BudgetExceededError extends ReinsError implements RunSnapshot {
  static readonly errorName = 'Reins_BudgetExceededError';
  static override isInstance = isErrorNamed<BudgetExceededError>(BudgetExceededError.errorName);
  readonly fault = 'limit' as const;
  readonly budget: BudgetKind;
  /** The configured limit (tokens or milliseconds). */
  readonly limit: number;
  /** What was used when the run stopped (tokens or milliseconds). */
  readonly used: number;
  readonly transcript: ModelMessage[];
  readonly steps: number;

  constructor(fields: { budget: BudgetKind; limit: number; used: number } & RunSnapshot) {
    const unit = fields.budget === 'tokens' ? 'tokens' : 'ms';
    super(`Budget exceeded: ${fields.used} ${unit} used, limit ${fields.limit} ${unit}.`);
    this.budget = fields.budget;
    this.limit = fields.limit;
    this.used = fields.used;
    this.transcript = fields.transcript;
    this.steps = fields.steps;
  }
}
