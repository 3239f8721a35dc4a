/**
 * When a streamed turn that failed in transport is asked for again (`maxTransportRetries`): only a
 * retryable `ModelCallError` (a cut connection, 408/409/429/5xx) that no wrapper has retried
 * already, after an exponential backoff with jitter or the server's Retry-After. This covers the
 * stream cut after partial output, which `withRetry` cannot retry without repeating that output.
 */
import type { ModelCallError } from '../errors/model-call-error.ts';

/** The first backoff delay; it doubles each retry. */
export const transportBaseDelayMs = 500;
/** A wait longer than this (say a Retry-After of minutes) ends the retries instead. */
export const transportMaxDelayMs = 30_000;

/**
 * The delay before retry number `attempt` (1 for the first retry), or `undefined` when `error`
 * must end the turn: not retryable, retried enough (`maxRetries`), already retried
 * by a wrapper such as `withRetry` (`attempts > 1`), or asking for a wait over `transportMaxDelayMs`.
 */
export function transportRetryDelay(error: ModelCallError, attempt: number, maxRetries: number, random: () => number = Math.random): number | undefined {
  if (!error.isRetryable || error.attempts > 1 || attempt > maxRetries) return undefined;
  const backoff = Math.min(transportMaxDelayMs, transportBaseDelayMs * 2 ** (attempt - 1)) * (0.5 + random() / 2);
  const delayMs = error.retryAfterMs ?? Math.round(backoff);
  return delayMs > transportMaxDelayMs ? undefined : delayMs;
}
