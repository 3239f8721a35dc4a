import { isErrorNamed, ReinsError } from './reins-error.ts';

/** What was wrong with a `sample` / `sampleSchema` / `sampleTools` / `elicit` call or `samplingContext` setup. */
export type SampleConfigReason =
  | 'schema-and-tools' // `schema` and `tools` given together (seed 001: mutually exclusive)
  | 'no-input' // neither `prompt` nor `messages`, or both
  | 'unbalanced-history' // a tool call without its result, or a result without its call
  | 'invalid-schema' // a schema that yields no JSON Schema, or a tool input schema that is not an object
  | 'invalid-option' // e.g. `toolChoice: 'none'` with `sampleTools`, negative `retries`
  | 'no-backend' // the client has no sampling capability and no `model` was configured
  | 'unknown-elicitation' // `ctx.elicit(key, ...)` with a key the tool did not declare in `withSampling`'s `elicits`
  | 'not-resumable'; // a 2026-07-28 request reached the helpers outside a `resumableTool` / `RoundTrips.tool` callback

/** A tool author called a sampling helper wrongly, or no sampling backend is available. Never retried. */
export class SampleConfigError extends ReinsError {
  static readonly errorName = 'Reins_SampleConfigError';
  static override isInstance = isErrorNamed<SampleConfigError>(SampleConfigError.errorName);
  readonly fault = 'user' as const;
  readonly reason: SampleConfigReason;

  constructor(message: string, fields: { reason: SampleConfigReason; cause?: unknown }) {
    super(message, { cause: fields.cause });
    this.reason = fields.reason;
  }

  /** The seed's mutual-exclusivity error, message verbatim. */
  static schemaAndTools(): SampleConfigError {
    return new SampleConfigError(
      'Cannot specify both schema and tools in sample config - they are mutually exclusive',
      { reason: 'schema-and-tools' },
    );
  }
}
