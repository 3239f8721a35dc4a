import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Bad configuration or input from the developer or user. Never retried. */
export class ConfigError extends ReinsError {
  static readonly errorName = 'Reins_ConfigError';
  static override isInstance = isErrorNamed<ConfigError>(ConfigError.errorName);
  readonly fault = 'user' as const;
  /** A short hint of what to change, when known. */
  readonly hint?: string;

  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(options.hint ? `${message}\n${options.hint}` : message, options);
    this.hint = options.hint;
  }
}
