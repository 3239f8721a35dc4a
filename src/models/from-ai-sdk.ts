/**
 * Any AI SDK language model (provider spec v4, or v3 which has the same shape for what reins uses)
 * as a reins `Model`, with transport retries on by default. The provider package owns the wire
 * format; this file only maps types.
 */
import type { LanguageModelV3, LanguageModelV4, LanguageModelV4GenerateResult, SharedV4ProviderOptions } from '@ai-sdk/provider';
import { fromGenerateResult } from './from-provider-result.ts';
import type { Model, ModelRequest, ModelResponse, ModelStreamPart } from '../spec/model.ts';
import { streamAiSdk } from './stream-ai-sdk.ts';
import { callOptionsOf } from './to-call-options.ts';
import { type ProviderContext, toModelCallError } from './to-model-call-error.ts';
import { withRetryAttempt, type WithRetryOptions } from './with-retry.ts';

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
  const adapter = adaptLanguageModel(languageModel as LanguageModelV4, options);
  const retry = options.retry;
  if (retry === false) return adapter.model;
  // The retries catch the first attempt's failure through its own promise, with no promise of theirs per call.
  return withRetryAttempt(adapter.model, retry ?? {}, (request, recover) => generateAttempt(adapter, request, recover));
}

/** What every call of one adapted language model shares. */
interface Adapter {
  languageModel: LanguageModelV4;
  context: ProviderContext;
  providerOptions: FromAiSdkOptions['providerOptions'];
  /** The reins Model (its `generate` is `generateAttempt` without recovery). */
  model: Model;
}

// Made once per model, but often (an agent made per task makes its model too): no object copies.
function adaptLanguageModel(languageModel: LanguageModelV4, options: FromAiSdkOptions): Adapter {
  const provider = options.provider ?? beforeFirstDot(languageModel.provider);
  const context: ProviderContext = {
    displayName: options.displayName,
    endpoint: options.endpoint,
    apiKeyVariable: options.apiKeyVariable,
    unreachableHint: options.unreachableHint,
    provider,
    modelId: languageModel.modelId,
  };
  const adapter: Adapter = {
    languageModel,
    context,
    providerOptions: options.providerOptions,
    model: {
      provider,
      modelId: languageModel.modelId,
      supportsTools: options.supportsTools ?? true,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      generate(request: ModelRequest): Promise<ModelResponse> {
        return generateAttempt(adapter, request, undefined);
      },
      stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
        return streamAiSdk(languageModel, request, context, providerOptionsFor(adapter, request));
      },
    },
  };
  return adapter;
}

/** `openai.chat` -> `openai` (the whole id when it has no dot). */
function beforeFirstDot(id: string): string {
  const dot = id.indexOf('.');
  return dot === -1 ? id : id.slice(0, dot);
}

function providerOptionsFor(adapter: Adapter, request: ModelRequest): SharedV4ProviderOptions | undefined {
  const given = adapter.providerOptions;
  return typeof given === 'function' ? given(request) : given;
}

/** A failed call's error: the run's abort reason once the signal is aborted, else a ModelCallError. */
function callFailure(request: ModelRequest, context: ProviderContext, error: unknown): unknown {
  return request.signal?.aborted ? request.signal.reason : toModelCallError(error, context);
}

type Recover = (error: unknown, request: ModelRequest) => Promise<ModelResponse>;

/**
 * One generate call: the provider's result mapped to a reins response. A failure rejects it, or,
 * given `recover` (the retries of `withRetryAttempt`), settles it as `recover(failure, request)`.
 */
function generateAttempt(adapter: Adapter, request: ModelRequest, recover: Recover | undefined): Promise<ModelResponse> {
  if (request.signal?.aborted) return rejectOrRecover(request.signal.reason, request, recover);
  let pending: PromiseLike<LanguageModelV4GenerateResult>;
  try {
    pending = adapter.languageModel.doGenerate(callOptionsOf(request, request.signal, providerOptionsFor(adapter, request)));
  } catch (error) {
    return rejectOrRecover(callFailure(request, adapter.context, error), request, recover);
  }
  return Promise.resolve(pending).then(
    (result) => {
      try {
        return fromGenerateResult(result, adapter.languageModel.modelId);
      } catch (error) {
        return throwOrRecover(callFailure(request, adapter.context, error), request, recover);
      }
    },
    (error: unknown) => throwOrRecover(callFailure(request, adapter.context, error), request, recover),
  );
}

function rejectOrRecover(failure: unknown, request: ModelRequest, recover: Recover | undefined): Promise<ModelResponse> {
  return recover ? recover(failure, request) : Promise.reject(failure);
}

/** In a `then` handler: rejects the handler's promise with `failure`, or settles it as `recover` does. */
function throwOrRecover(failure: unknown, request: ModelRequest, recover: Recover | undefined): Promise<ModelResponse> {
  if (recover) return recover(failure, request);
  throw failure;
}
