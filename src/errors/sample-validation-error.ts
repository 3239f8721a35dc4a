import { isErrorNamed, ReinsError } from './reins-error.ts';

/** The last reply a guaranteed helper got before giving up (the seed's `SampleResultBase`, plus what was read). */
export interface SampleValidationLastResult {
  text: string;
  model?: string;
  stopReason?: string;
  /** The tool calls of the last reply (`sampleTools`, or the forced schema tool of `sampleSchema`). */
  toolCalls?: { id: string; name: string; arguments: Record<string, unknown> }[];
  /** Why the last reply was rejected, as data. */
  parseError?: { message: string; rawText: string };
}

/**
 * `sampleSchema` or `sampleTools` got no acceptable reply within `1 + retries` attempts (seed 001).
 * Model fault: every attempt was already retried with a correction.
 */
export class SampleValidationError extends ReinsError {
  static readonly errorName = 'Reins_SampleValidationError';
  static override isInstance = isErrorNamed<SampleValidationError>(SampleValidationError.errorName);
  readonly fault = 'model' as const;
  readonly method: 'sampleTools' | 'sampleSchema';
  /** Requests made, the first one included. */
  readonly attempts: number;
  readonly lastResult: SampleValidationLastResult;
  /** Why each attempt was rejected, in order. */
  readonly errors: string[];

  constructor(fields: {
    method: 'sampleTools' | 'sampleSchema';
    attempts: number;
    lastResult: SampleValidationLastResult;
    errors: string[];
  }) {
    const last = fields.errors.at(-1) ?? 'no acceptable reply';
    super(`${fields.method} gave up after ${fields.attempts} attempt(s): ${last}`);
    this.method = fields.method;
    this.attempts = fields.attempts;
    this.lastResult = fields.lastResult;
    this.errors = fields.errors;
  }
}
