/** `reins/models`: the Model spec, the AI SDK adapter, model strings and transport retries. */
export type {
  FinishReason,
  Model,
  ModelMessage,
  ModelRequest,
  ModelResponse,
  ModelStreamPart,
  ModelToolCall,
  ToolChoice,
  Usage,
} from '../spec/model.ts';
export { addUsage, emptyUsage } from '../spec/model.ts';
export { fromAiSdk, type FromAiSdkOptions } from './from-ai-sdk.ts';
export { resolveModel, type ResolveModelOptions } from './resolve-model.ts';
export { ReplayModel, type Recording, type ReplayModelOptions, type ReplayTurn } from './replay-model.ts';
export { RecordingEndedError } from '../errors/recording-ended-error.ts';
export { parseModelString, KNOWN_PROVIDERS, type KnownProvider, type ParsedModelString } from './parse-model-string.ts';
export { isRetrying, withRetry, type WithRetryOptions } from './with-retry.ts';
export { retryAfterMs } from './retry-after.ts';
export { toModelCallError, type ProviderContext } from './to-model-call-error.ts';
export { ModelCallError, type ModelCallErrorFields } from '../errors/model-call-error.ts';
export { ModelConfigError, type ModelConfigErrorKind } from '../errors/model-config-error.ts';
