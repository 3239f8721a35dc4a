/**
 * Any AI SDK language model (provider spec v4, or v3 which has the same shape for what reins uses)
 * as a reins `Model`, with transport retries on by default. The provider package owns the wire
 * format; this file only maps types.
 */
import type { LanguageModelV3, LanguageModelV4, LanguageModelV4GenerateResult, SharedV4ProviderOptions } from '@ai-sdk/provider';
import { fromGenerateResult } from './from-provider-result.ts';
import type { Model, ModelRequest, ModelResponse, ModelStreamPart } from '../spec/model.ts';
import { streamAiSdk } from './stream-ai-sdk.ts';
import { toCallOptions } from './to-call-options.ts';
import { type ProviderContext, toModelCallError } from './to-model-call-error.ts';
import { withRetry, type WithRetryOptions } from './with-retry.ts';

export interface FromAiSdkOptions extends Partial<Omit<ProviderContext, 'modelId'>> {
  /**
   * Provider id the Model reports (`openai`, `anthropic`, `ollama`, ...).
   * @default the part of the language model's `provider` before the first dot (`openai.chat` -> `openai`)
   */
  provider?: string;
  /**
   * Whether the model supports native tool calling (decides `protocol: 'auto'`).
   * @default true
   */
  supportsTools?: boolean;
  /**
   * Provider-specific options passed on every call, e.g. `{ openai: { strictJsonSchema: false } }`,
   * or a function of the request for options that carry request settings (Ollama reads `temperature`
   * and the token cap only from `options`).
   * @default undefined
   */
  providerOptions?: SharedV4ProviderOptions | ((request: ModelRequest) => SharedV4ProviderOptions | undefined);
  /**
   * Transport retries (408/409/429/5xx, connection resets, streams cut before any output): backoff
   * with jitter, honouring Retry-After. Options tune them (see `withRetry`); `false` turns them off.
   * @default { maxRetries: 3 }
   */
  retry?: WithRetryOptions | false;
}

/**
 * Wraps an AI SDK language model, e.g. `fromAiSdk(createOpenAI({ apiKey }).chat('gpt-4.1-mini'))`.
 * Transport errors are retried (`retry`); `withRetry` on the result changes those settings.
 * @example fromAiSdk(languageModel, { retry: { maxRetries: 5, maxDelayMs: 60_000 } })
 * @example fromAiSdk(languageModel, { retry: false }) // one attempt per call
 */
export function fromAiSdk(languageModel: LanguageModelV4 | LanguageModelV3, options: FromAiSdkOptions = {}): Model {
  const { retry, ...adapterOptions } = options;
  const model = adaptLanguageModel(languageModel as LanguageModelV4, adapterOptions);
  return retry === false ? model : withRetry(model, retry);
}

/** A failed call's error: the run's abort reason once the signal is aborted, else a ModelCallError. */
function callFailure(request: ModelRequest, context: ProviderContext, error: unknown): unknown {
  return request.signal?.aborted ? request.signal.reason : toModelCallError(error, context);
}

function adaptLanguageModel(model: LanguageModelV4, options: Omit<FromAiSdkOptions, 'retry'>): Model {
  const { providerOptions: given, supportsTools, ...contextOptions } = options;
  const optionsFor = (request: ModelRequest) => (typeof given === 'function' ? given(request) : given);
  const provider = options.provider ?? model.provider.split('.')[0] ?? model.provider;
  const context: ProviderContext = { ...contextOptions, provider, modelId: model.modelId };

  return {
    provider,
    modelId: model.modelId,
    supportsTools: supportsTools ?? true,

    // One promise per call (the provider's result mapped in its `then`), no async frame on top.
    generate(request: ModelRequest): Promise<ModelResponse> {
      if (request.signal?.aborted) return Promise.reject(request.signal.reason);
      let pending: PromiseLike<LanguageModelV4GenerateResult>;
      try {
        pending = model.doGenerate(toCallOptions(request, { abortSignal: request.signal, providerOptions: optionsFor(request) }));
      } catch (error) {
        return Promise.reject(callFailure(request, context, error));
      }
      return Promise.resolve(pending).then(
        (result) => {
          try {
            return fromGenerateResult(result, model.modelId);
          } catch (error) {
            throw callFailure(request, context, error);
          }
        },
        (error: unknown) => {
          throw callFailure(request, context, error);
        },
      );
    },

    stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
      return streamAiSdk(model, request, context, optionsFor(request));
    },
  };
}
