import { isErrorNamed, ReinsError } from './reins-error.ts';

export interface ModelCallErrorFields {
  /** e.g. `openai`, `anthropic`, `ollama`. */
  provider: string;
  modelId: string;
  /** HTTP status, when the server answered. Absent for connection failures and cut streams. */
  statusCode?: number;
  /** True for 408, 409, 429, 5xx, connection resets and streams cut before any output. */
  isRetryable: boolean;
  /** How long the server asked us to wait (`retry-after-ms` or `Retry-After`), when it said. */
  retryAfterMs?: number;
  /** The start of the response body, for diagnostics (at most 500 characters). */
  responseBody?: string;
  /** What to fix, e.g. `check OPENAI_API_KEY`. */
  hint?: string;
  /** How many attempts were made before giving up. @default 1 */
  attempts?: number;
  cause?: unknown;
}

/**
 * A model call failed in transport or at the API (DESIGN §5, fault `transport`).
 * `withRetry` retries it with backoff while `isRetryable`; otherwise it ends the call.
 * The message never carries a stack trace of the provider package: it says what failed and what to fix.
 */
export class ModelCallError extends ReinsError {
  static readonly errorName = 'Reins_ModelCallError';
  static override isInstance = isErrorNamed<ModelCallError>(ModelCallError.errorName);
  readonly fault = 'transport' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly statusCode?: number;
  readonly isRetryable: boolean;
  readonly retryAfterMs?: number;
  readonly responseBody?: string;
  readonly hint?: string;
  readonly attempts: number;
  /** The message without the appended hint line. */
  readonly summary: string;

  constructor(message: string, fields: ModelCallErrorFields) {
    super(fields.hint && !message.includes(fields.hint) ? `${message}\n${fields.hint}` : message, {
      cause: fields.cause,
    });
    this.summary = message;
    this.provider = fields.provider;
    this.modelId = fields.modelId;
    this.statusCode = fields.statusCode;
    this.isRetryable = fields.isRetryable;
    this.retryAfterMs = fields.retryAfterMs;
    this.responseBody = fields.responseBody?.slice(0, 500);
    this.hint = fields.hint;
    this.attempts = fields.attempts ?? 1;
  }


  /** A copy that records how many attempts were made (used when retries are exhausted). */
  withAttempts(attempts: number): ModelCallError {
    const copy = new ModelCallError(this.summary, {
      provider: this.provider,
      modelId: this.modelId,
      statusCode: this.statusCode,
      isRetryable: this.isRetryable,
      retryAfterMs: this.retryAfterMs,
      responseBody: this.responseBody,
      hint: this.hint,
      attempts,
      cause: this.cause,
    });
    copy.stack = this.stack;
    return copy;
  }
}
