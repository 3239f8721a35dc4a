import { isErrorNamed, ReinsError } from './reins-error.ts';

/** The client accepted an elicitation but its content does not validate against the schema asked for. */
export class ElicitationContentError extends ReinsError {
  static readonly errorName = 'Reins_ElicitationContentError';
  static override isInstance = isErrorNamed<ElicitationContentError>(ElicitationContentError.errorName);
  readonly fault = 'user' as const;
  /** The content as the client sent it. */
  readonly content: Record<string, unknown>;
  /** Validation messages, e.g. `/cell Invalid option`. */
  readonly details: string[];

  constructor(fields: { content: Record<string, unknown>; details: string[] }) {
    super(`The elicited content does not match the requested schema: ${fields.details.join('; ')}`);
    this.content = fields.content;
    this.details = fields.details;
  }
}
