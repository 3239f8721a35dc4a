/**
 * Transport retries for any Model: retryable `ModelCallError`s (408/409/429/5xx, connection resets,
 * streams cut before any output) are retried after `backoffDelay` (exponential with jitter,
 * honouring the server's Retry-After, bounded), abortable. The provider packages do not retry on their own;
 * `fromAiSdk` and `resolveModel` wrap their models in this by default. Wrapping a model that already
 * retries replaces its settings instead of nesting, so attempts never multiply.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import type { Model, ModelRequest, ModelResponse, ModelStreamPart } from '../spec/model.ts';
import { abortableSleep } from './abortable-sleep.ts';
import { backoffDefaults, backoffDelay } from './backoff-delay.ts';

export interface WithRetryOptions {
  /** Retries after the first attempt. @default 3 */
  maxRetries?: number;
  /** First backoff delay; it doubles each retry. @default 500 */
  baseDelayMs?: number;
  /** Cap on any wait. A Retry-After longer than this ends the retries instead. @default 30000 */
  maxDelayMs?: number;
  /** Aborts waiting between attempts (the request's own signal does too). @default undefined */
  signal?: AbortSignal;
  /** How to wait; injectable for tests. @default an abortable `setTimeout` */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before each wait. @default undefined */
  onRetry?: (retry: { attempt: number; delayMs: number; error: ModelCallError }) => void;
  /** Source of jitter in [0, 1). @default Math.random */
  random?: () => number;
}

/**
 * A call's first attempt that, where `model.generate` would reject, settles as `recover(error,
 * request)` instead: the retries then hang off the attempt's own promise, with none made per call
 * to catch its failure (`fromAiSdk`'s generate, see `generateAttempt` there).
 */
export type RecoveringAttempt = (request: ModelRequest, recover: (error: unknown, request: ModelRequest) => Promise<ModelResponse>) => Promise<ModelResponse>;

/** What each retrying model was made from: the model it wraps, its options and its first attempt, if any. */
const retryOrigins = new WeakMap<Model, { inner: Model; options: WithRetryOptions; firstAttempt: RecoveringAttempt | undefined }>();

/**
 * @example withRetry(model, { maxRetries: 5 }) // a model from resolveModel/fromAiSdk: new settings, same single layer
 */
export function withRetry(model: Model, options: WithRetryOptions = {}): Model {
  return withRetryAttempt(model, options, undefined);
}

/**
 * `withRetry` whose calls make their first attempt with `firstAttempt`, which must behave as
 * `model.generate` followed by `recover` on failure (later attempts call `model.generate`).
 */
export function withRetryAttempt(model: Model, options: WithRetryOptions, firstAttempt: RecoveringAttempt | undefined): Model {
  // A retrying model is rebuilt from what it wraps, with these options over its own: never nested.
  const origin = retryOrigins.get(model);
  if (origin) return withRetryAttempt(origin.inner, { ...origin.options, ...definedOnly(options) }, origin.firstAttempt);
  const settings = {
    maxRetries: options.maxRetries ?? 3,
    baseDelayMs: options.baseDelayMs ?? backoffDefaults.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? backoffDefaults.maxDelayMs,
    sleep: options.sleep ?? abortableSleep,
    random: options.random ?? Math.random,
  };

  /** Waits before the next attempt, or throws when the error must end the call. */
  async function waitOrThrow(error: unknown, attempt: number, request: ModelRequest): Promise<void> {
    if (!ModelCallError.isInstance(error)) throw error;
    const giveUp = () => (attempt > 1 ? error.withAttempts(attempt) : error);
    const delayMs = backoffDelay(error, attempt, settings);
    if (delayMs === undefined) throw giveUp();
    options.onRetry?.({ attempt, delayMs, error });
    const signals = [options.signal, request.signal].filter((signal) => signal !== undefined);
    await settings.sleep(delayMs, signals.length ? AbortSignal.any(signals) : undefined);
  }

  /** The attempts after a failed first one (`error` is the last attempt's failure). */
  async function retryGenerate(error: unknown, request: ModelRequest): Promise<ModelResponse> {
    for (let attempt = 1; ; attempt++) {
      await waitOrThrow(error, attempt, request);
      try {
        return await model.generate(request);
      } catch (next) {
        error = next;
      }
    }
  }

  const wrapped: Model = {
    provider: model.provider,
    modelId: model.modelId,
    supportsTools: model.supportsTools,
    ...(model.endpoint ? { endpoint: model.endpoint } : {}),
    ...(model.defaultMaxOutputTokens === undefined ? {} : { defaultMaxOutputTokens: model.defaultMaxOutputTokens }),
    // The first attempt costs one promise (none with `firstAttempt`); the retry loop starts only once it failed.
    generate(request: ModelRequest): Promise<ModelResponse> {
      if (firstAttempt) return firstAttempt(request, retryGenerate);
      let first: Promise<ModelResponse>;
      try {
        first = Promise.resolve(model.generate(request));
      } catch (error) {
        return retryGenerate(error, request);
      }
      return first.then(undefined, (error: unknown) => retryGenerate(error, request));
    },
  };
  const stream = model.stream;
  if (stream) {
    wrapped.stream = async function* (request: ModelRequest): AsyncGenerator<ModelStreamPart> {
      for (let attempt = 1; ; attempt++) {
        let yielded = false;
        try {
          for await (const part of stream.call(model, request)) {
            yielded = true;
            yield part;
          }
          return;
        } catch (error) {
          // Part of the turn already reached the caller: a retry would repeat it, so surface the error.
          if (yielded) throw error;
          await waitOrThrow(error, attempt, request);
        }
      }
    };
  }
  retryOrigins.set(wrapped, { inner: model, options, firstAttempt });
  return wrapped;
}

/** True when `model` came from `withRetry` (or from `fromAiSdk`/`resolveModel` with retries on). */
export function isRetrying(model: Model): boolean {
  return retryOrigins.has(model);
}

function definedOnly(options: WithRetryOptions): WithRetryOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as WithRetryOptions;
}
