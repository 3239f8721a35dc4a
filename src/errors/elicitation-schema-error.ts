import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * A schema given to `elicit` cannot be expressed as MCP form elicitation's flat object of primitives
 * (string, number, integer, boolean, string enums, arrays of string enums). Never retried.
 */
export class ElicitationSchemaError extends ReinsError {
  static readonly errorName = 'Reins_ElicitationSchemaError';
  static override isInstance = isErrorNamed<ElicitationSchemaError>(ElicitationSchemaError.errorName);
  readonly fault = 'user' as const;
  /** The property that cannot be expressed, when the problem is one property. */
  readonly field?: string;
  /** Short reasons, one per problem, e.g. `age: keyword exclusiveMinimum is not allowed`. */
  readonly details: string[];

  constructor(message: string, fields: { field?: string; details?: string[]; cause?: unknown } = {}) {
    super(message, { cause: fields.cause });
    this.field = fields.field;
    this.details = fields.details ?? [];
  }
}
