/**
 * The streaming half of `fromAiSdk`: calls `doStream` and maps provider stream parts to reins parts.
 * Breaking out of the iteration or aborting `request.signal` aborts the HTTP request (in `finally`).
 */
import type { LanguageModelV4, LanguageModelV4StreamPart, SharedV4ProviderOptions } from '@ai-sdk/provider';
import { ModelCallError } from '../errors/model-call-error.ts';
import { fromFinishReason, fromToolCall, fromUsage } from './from-provider-result.ts';
import type { ModelRequest, ModelStreamPart } from '../spec/model.ts';
import { toCallOptions } from './to-call-options.ts';
import { type ProviderContext, toModelCallError } from './to-model-call-error.ts';

export async function* streamAiSdk(
  languageModel: LanguageModelV4,
  request: ModelRequest,
  context: ProviderContext,
  providerOptions?: SharedV4ProviderOptions,
): AsyncGenerator<ModelStreamPart, void, undefined> {
  request.signal?.throwIfAborted();
  /** Aborted in `finally` to stop the HTTP request of a stream the consumer left early. */
  const controller = new AbortController();
  const abortSignal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
  let reader: ReadableStreamDefaultReader<LanguageModelV4StreamPart> | undefined;
  try {
    const result = await languageModel.doStream(
      toCallOptions(request, { abortSignal, providerOptions }),
    );
    reader = result.stream.getReader();
    let modelId: string | undefined;
    let responseId: string | undefined;
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-delta':
          if (part.delta) yield { type: 'text-delta', text: part.delta };
          break;
        case 'tool-call':
          if (!part.providerExecuted) yield { type: 'tool-call', toolCall: fromToolCall(part) };
          break;
        case 'response-metadata':
          modelId = part.modelId ?? modelId;
          responseId = part.id ?? responseId;
          break;
        case 'error':
          throw part.error;
        case 'finish':
          if (part.finishReason.unified === 'interrupted') throw streamCutError(context);
          yield {
            type: 'finish',
            finishReason: fromFinishReason(part.finishReason),
            usage: fromUsage(part.usage),
            modelId: modelId ?? languageModel.modelId,
            ...(responseId ? { responseId } : {}),
          };
          return;
      }
    }
    throw streamCutError(context);
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    throw toModelCallError(error, context);
  } finally {
    // Stops the HTTP request when the consumer stopped early; harmless after a complete stream.
    controller.abort();
    reader?.cancel().catch(() => undefined);
  }
}

function streamCutError(context: ProviderContext): ModelCallError {
  return new ModelCallError(
    `the stream from ${context.displayName ?? context.provider} ended before the model finished`,
    { provider: context.provider, modelId: context.modelId, isRetryable: true, hint: 'a network or server hiccup' },
  );
}
