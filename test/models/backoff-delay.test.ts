/**
 * One backoff rule: the model wrapper (`withRetry`) and the loop's retry of a cut stream
 * (`maxTransportRetries`) wait the same delay for the same error, attempt and jitter.
 */
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { transportRetryDelay } from '../../src/loop/transport-retry.ts';
import { backoffDelay } from '../../src/models/backoff-delay.ts';
import type { Model } from '../../src/spec/model.ts';
import { withRetry } from '../../src/models/with-retry.ts';

const cut = (retryAfterMs?: number) =>
  new ModelCallError('stream cut', { provider: 'test', modelId: 'm', isRetryable: true, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) });

/** The delays `withRetry` waits before giving up on a model that always fails with `error`. */
async function withRetryDelays(error: ModelCallError, random: () => number): Promise<number[]> {
  const failing: Model = { provider: 'test', modelId: 'm', supportsTools: false, generate: () => Promise.reject(error) };
  const delays: number[] = [];
  const model = withRetry(failing, { maxRetries: 3, random, sleep: async (ms) => void delays.push(ms) });
  await expect(model.generate({ messages: [] })).rejects.toBeDefined();
  return delays;
}

describe('backoffDelay', () => {
  it('doubles from the base delay with jitter in [50%, 100%], honours Retry-After, and stops past the cap', () => {
    expect(backoffDelay(cut(), 1, { random: () => 0 })).toBe(250);
    expect(backoffDelay(cut(), 3, { random: () => 0.999_999 })).toBe(2000);
    expect(backoffDelay(cut(1234), 1)).toBe(1234);
    expect(backoffDelay(cut(), 4, { maxRetries: 3 })).toBeUndefined();
    expect(backoffDelay(cut(30_001), 1)).toBeUndefined();
    expect(backoffDelay(new ModelCallError('bad request', { provider: 'test', modelId: 'm', isRetryable: false }), 1)).toBeUndefined();
  });

  it.each([0, 0.333, 0.5, 0.777])('withRetry and the transport retry wait the same delays (jitter %s)', async (jitter) => {
    const random = () => jitter;
    const expected = [1, 2, 3].map((attempt) => backoffDelay(cut(), attempt, { maxRetries: 3, random }));
    expect(await withRetryDelays(cut(), random)).toEqual(expected);
    expect([1, 2, 3].map((attempt) => transportRetryDelay(cut(), attempt, 3, random))).toEqual(expected);
  });
});
