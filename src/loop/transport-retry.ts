/**
 * When a streamed turn that failed in transport is asked for again (`maxTransportRetries`): only a
 * retryable `ModelCallError` (a cut connection, 408/409/429/5xx) that no wrapper has retried
 * already, after the models' one backoff rule (`backoffDelay`). This covers the stream cut after
 * partial output, which `withRetry` cannot retry without repeating that output.
 */
import type { ModelCallError } from '../errors/model-call-error.ts';
import { backoffDefaults, backoffDelay } from '../models/backoff-delay.ts';

/** A wait longer than this (say a Retry-After of minutes) ends the retries instead. */
export const transportMaxDelayMs = backoffDefaults.maxDelayMs;

/**
 * The delay before retry number `attempt` (1 for the first retry), or `undefined` when `error`
 * must end the turn: `backoffDelay` says stop, or a wrapper such as `withRetry` retried it already
 * (`attempts > 1`).
 */
export function transportRetryDelay(error: ModelCallError, attempt: number, maxRetries: number, random: () => number = Math.random): number | undefined {
  return error.attempts > 1 ? undefined : backoffDelay(error, attempt, { maxRetries, random });
}
