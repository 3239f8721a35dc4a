/**
 * The one backoff rule for retrying a model call after a transport failure, used by `withRetry`
 * (whole calls) and by the loop's retry of a stream cut mid-turn (`maxTransportRetries`):
 * exponential from `baseDelayMs` (doubling each retry, capped at `maxDelayMs`) with jitter in
 * [50%, 100%], or the server's Retry-After when it gave one; a wait longer than `maxDelayMs` ends
 * the retries instead.
 */
import type { ModelCallError } from '../errors/model-call-error.ts';

export interface BackoffOptions {
  /** Retries after the first attempt. @default Infinity (the caller counts) */
  maxRetries?: number;
  /** First backoff delay; it doubles each retry. @default 500 */
  baseDelayMs?: number;
  /** Cap on any wait. A Retry-After longer than this ends the retries instead. @default 30000 */
  maxDelayMs?: number;
  /** Source of jitter in [0, 1). @default Math.random */
  random?: () => number;
}

export const backoffDefaults = { baseDelayMs: 500, maxDelayMs: 30_000 } as const;

/**
 * The delay in whole ms before retry number `attempt` (1 for the first retry), or `undefined` when
 * `error` must end the call: not retryable, retried `maxRetries` times, or asking for a wait over
 * `maxDelayMs`.
 */
export function backoffDelay(error: ModelCallError, attempt: number, options: BackoffOptions = {}): number | undefined {
  const { maxRetries = Infinity, baseDelayMs = backoffDefaults.baseDelayMs, maxDelayMs = backoffDefaults.maxDelayMs, random = Math.random } = options;
  if (!error.isRetryable || attempt > maxRetries) return undefined;
  const jittered = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1)) * (0.5 + random() / 2);
  const delayMs = error.retryAfterMs ?? Math.round(jittered);
  return delayMs > maxDelayMs ? undefined : delayMs;
}
