import { isErrorNamed, ReinsError } from './reins-error.ts';

/** What was wrong with the model configuration. */
export type ModelConfigErrorKind =
  | 'malformed-model-string' // not `provider:model` (or `openai-compatible:<model>@<baseURL>`)
  | 'unknown-provider' // a provider reins does not know
  | 'missing-api-key' // the provider needs a key and its environment variable is not set
  | 'missing-package' // the provider's optional package (node-llama-cpp for `llama:`) is not installed
  | 'missing-model-file'; // `llama:<path>` names no readable file

/**
 * A model string or model option cannot be turned into a Model. User fault: never retried.
 * The message names what to change (the variable to set, the providers that exist, the expected shape).
 */
export class ModelConfigError extends ReinsError {
  static readonly errorName = 'Reins_ModelConfigError';
  static override isInstance = isErrorNamed<ModelConfigError>(ModelConfigError.errorName);
  readonly fault = 'user' as const;
  readonly kind: ModelConfigErrorKind;
  /** The model string as given. */
  readonly modelString: string;
  /** The environment variable to set, for `missing-api-key`. */
  readonly variable?: string;
  /** The providers reins knows, for `unknown-provider`. */
  readonly knownProviders?: string[];
  /** What to change. */
  readonly hint: string;

  constructor(
    message: string,
    fields: {
      kind: ModelConfigErrorKind;
      modelString: string;
      hint: string;
      variable?: string;
      knownProviders?: string[];
      cause?: unknown;
    },
  ) {
    super(`${message}\n${fields.hint}`, { cause: fields.cause });
    this.kind = fields.kind;
    this.modelString = fields.modelString;
    this.variable = fields.variable;
    this.knownProviders = fields.knownProviders;
    this.hint = fields.hint;
  }
}
