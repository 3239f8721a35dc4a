/**
 * Any AI SDK language model (provider spec v4, or v3 which has the same shape for what reins uses)
 * as a reins `Model`. The provider package owns the wire format; this file only maps types.
 */
import type { LanguageModelV3, LanguageModelV4, SharedV4ProviderOptions } from '@ai-sdk/provider';
import { fromContent, fromFinishReason, fromUsage } from './from-provider-result.ts';
import type { Model, ModelRequest, ModelResponse, ModelStreamPart } from './model.ts';
import { streamAiSdk } from './stream-ai-sdk.ts';
import { toCallOptions } from './to-call-options.ts';
import { type ProviderContext, toModelCallError } from './to-model-call-error.ts';

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
  /** Provider-specific options passed on every call, e.g. `{ openai: { strictJsonSchema: false } }`. @default undefined */
  providerOptions?: SharedV4ProviderOptions;
}

/**
 * Wraps an AI SDK language model, e.g. `fromAiSdk(createOpenAI({ apiKey }).chat('gpt-4.1-mini'))`.
 * The provider call itself does not retry; wrap the result in `withRetry` for transport retries.
 */
export function fromAiSdk(languageModel: LanguageModelV4 | LanguageModelV3, options: FromAiSdkOptions = {}): Model {
  const model = languageModel as LanguageModelV4;
  const provider = options.provider ?? model.provider.split('.')[0] ?? model.provider;
  const context: ProviderContext = { ...options, provider, modelId: model.modelId };
  const { providerOptions } = options;

  return {
    provider,
    modelId: model.modelId,
    supportsTools: options.supportsTools ?? true,

    async generate(request: ModelRequest): Promise<ModelResponse> {
      request.signal?.throwIfAborted();
      try {
        const result = await model.doGenerate(
          toCallOptions(request, { abortSignal: request.signal, providerOptions }),
        );
        return {
          ...fromContent(result.content),
          finishReason: fromFinishReason(result.finishReason),
          usage: fromUsage(result.usage),
          modelId: result.response?.modelId ?? model.modelId,
        };
      } catch (error) {
        if (request.signal?.aborted) throw request.signal.reason;
        throw toModelCallError(error, context);
      }
    },

    stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
      return streamAiSdk(model, request, context, providerOptions);
    },
  };
}
