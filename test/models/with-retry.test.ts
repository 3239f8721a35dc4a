import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import type { Model, ModelRequest } from '../../src/spec/model.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { isRetrying, withRetry, type WithRetryOptions } from '../../src/models/with-retry.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';

const ask: ModelRequest = { messages: [{ role: 'user', content: 'What is the capital of France?' }] };

describe('withRetry over real provider HTTP', () => {
  let server: FixtureServer;
  let openai: Model;
  let anthropic: Model;
  beforeAll(async () => {
    server = await startFixtureServer();
    openai = resolveModel('openai:gpt-4.1-mini', { baseURL: `${server.url}/v1`, env: { OPENAI_API_KEY: 'sk-test' } });
    anthropic = resolveModel('anthropic:claude-sonnet-4-5', {
      baseURL: `${server.url}/v1`,
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
    });
  });
  afterAll(() => server.close());

  /** A retrying model whose waits are recorded instead of slept. */
  function recording(model: Model, options: WithRetryOptions = {}) {
    const delays: number[] = [];
    const retried = withRetry(model, {
      baseDelayMs: 100,
      random: () => 0.5,
      sleep: async (ms) => {
        delays.push(ms);
      },
      ...options,
    });
    return { retried, delays };
  }
  const newRequests = (before: number) => server.requests.slice(before);

  it('waits what Retry-After (seconds) says after a 429, then succeeds', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('openai', 'rate-limited', { status: 429, headers: { 'retry-after': '2' } }), fixture('openai', 'text'));
    const { retried, delays } = recording(openai);
    const response = await retried.generate(ask);
    expect(response.text).toBe('Paris is the capital of France.');
    expect(delays).toEqual([2000]);
    expect(newRequests(before)).toHaveLength(2);
  });

  it('honours retry-after-ms in real time (recorded request times)', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('openai', 'rate-limited', { status: 429, headers: { 'retry-after-ms': '250' } }), fixture('openai', 'text'));
    const response = await withRetry(openai).generate(ask);
    expect(response.finishReason).toBe('stop');
    const [first, second] = newRequests(before);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(245);
  });

  it('reads Retry-After as an HTTP date', async () => {
    server.enqueue(
      fixture('openai', 'rate-limited', { status: 429, headers: { 'retry-after': new Date(Date.now() + 5000).toUTCString() } }),
      fixture('openai', 'text'),
    );
    const { retried, delays } = recording(openai);
    await retried.generate(ask);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(3000);
    expect(delays[0]).toBeLessThanOrEqual(5000);
  });

  it('retries a 500 with exponential backoff and jitter, then succeeds', async () => {
    const before = server.requests.length;
    server.enqueue(
      fixture('anthropic', 'server-error', { status: 500 }),
      fixture('anthropic', 'server-error', { status: 503 }),
      fixture('anthropic', 'text'),
    );
    const { retried, delays } = recording(anthropic, { baseDelayMs: 100, random: () => 1 });
    const response = await retried.generate(ask);
    expect(response.text).toBe('Paris is the capital of France.');
    expect(delays).toEqual([100, 200]);
    expect(newRequests(before)).toHaveLength(3);
  });

  it('fails at once on 401 with a hint, without waiting', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('openai', 'unauthorized', { status: 401 }));
    const { retried, delays } = recording(openai);
    const error = (await retried.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 401, isRetryable: false, attempts: 1, hint: 'check OPENAI_API_KEY' });
    expect(error.message).toContain('Incorrect API key');
    expect(delays).toEqual([]);
    expect(newRequests(before)).toHaveLength(1);
  });

  it('gives up after maxRetries with the attempt count', async () => {
    const before = server.requests.length;
    const overloaded = fixture('anthropic', 'server-error', { status: 529 });
    server.enqueue(overloaded, overloaded, overloaded);
    const { retried, delays } = recording(anthropic, { maxRetries: 2 });
    const error = (await retried.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(error).toMatchObject({ statusCode: 529, isRetryable: true, attempts: 3 });
    expect(error.message).toContain('Overloaded');
    expect(delays).toHaveLength(2);
    expect(newRequests(before)).toHaveLength(3);
  });

  it('does not wait longer than maxDelayMs: a longer Retry-After ends the call', async () => {
    server.enqueue(fixture('openai', 'rate-limited', { status: 429, headers: { 'retry-after': '120' } }));
    const { retried, delays } = recording(openai, { maxDelayMs: 10_000 });
    const error = (await retried.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(error).toMatchObject({ statusCode: 429, retryAfterMs: 120_000 });
    expect(delays).toEqual([]);
  });

  it('aborting during the wait rejects with the reason and sends no second request', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('openai', 'rate-limited', { status: 429, headers: { 'retry-after': '30' } }));
    const controller = new AbortController();
    const reason = new Error('cancelled');
    const pending = withRetry(openai, { maxDelayMs: 60_000 }).generate({ ...ask, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
    expect(newRequests(before)).toHaveLength(1);
  });

  it('retries a stream cut off before any output', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('openai', 'stream-text.chunks', { cutAfterChunks: 1 }), fixture('openai', 'stream-text.chunks'));
    const { retried, delays } = recording(openai);
    let text = '';
    for await (const part of retried.stream!(ask)) if (part.type === 'text-delta') text += part.text;
    expect(text).toBe('It is 18°C and sunny in Paris.');
    expect(delays).toHaveLength(1);
    expect(newRequests(before)).toHaveLength(2);
  });

  it('surfaces a stream cut off after output as a retryable ModelCallError, without retrying', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('anthropic', 'stream-decision.chunks', { cutAfterChunks: 12, chunkDelayMs: 5 }));
    const { retried, delays } = recording(anthropic);
    let text = '';
    const consume = async () => {
      for await (const part of retried.stream!(ask)) if (part.type === 'text-delta') text += part.text;
    };
    const error = (await consume().catch((caught: unknown) => caught)) as ModelCallError;
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(true);
    expect(error.statusCode).toBeUndefined();
    expect(text.length).toBeGreaterThan(0);
    expect(delays).toEqual([]);
    expect(newRequests(before)).toHaveLength(1);
  });
});

describe('withRetry of a model that already retries', () => {
  /** A model that fails with a retryable 503 `failures` times, then answers; counts its calls. */
  function flaky(failures: number) {
    let calls = 0;
    const model: Model = {
      provider: 'test',
      modelId: 'flaky',
      supportsTools: true,
      async generate() {
        calls++;
        if (calls <= failures) {
          throw new ModelCallError('HTTP 503', { provider: 'test', modelId: 'flaky', statusCode: 503, isRetryable: true });
        }
        return { text: 'ok', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 }, modelId: 'flaky' };
      },
    };
    return { model, calls: () => calls };
  }

  it('replaces the settings instead of nesting: attempts do not multiply', async () => {
    const { model, calls } = flaky(10);
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
    };
    const twice = withRetry(withRetry(model, { maxRetries: 1, sleep, baseDelayMs: 10, random: () => 1 }), { maxRetries: 2 });
    expect(isRetrying(twice)).toBe(true);
    const error = await twice.generate(ask).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 503, attempts: 3 });
    expect(calls()).toBe(3);
    // The first wrapper's sleep, base delay and jitter stay; only maxRetries changed.
    expect(delays).toEqual([10, 20]);
  });

  it('a retrying model is a plain model: its origin is unseen by keys and JSON, and a copy of it is not retrying', () => {
    const { model } = flaky(0);
    const retried = withRetry(model);
    expect(Object.keys(retried)).toEqual(['provider', 'modelId', 'supportsTools', 'generate']);
    expect(JSON.parse(JSON.stringify(retried))).toEqual({ provider: model.provider, modelId: model.modelId, supportsTools: model.supportsTools });
    expect(isRetrying(retried)).toBe(true);
    expect(isRetrying({ ...retried })).toBe(false);
    expect(isRetrying(model)).toBe(false);
  });

  it('undefined options keep the earlier settings', async () => {
    const { model, calls } = flaky(1);
    const delays: number[] = [];
    const first = withRetry(model, {
      maxRetries: 0,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const second = withRetry(first, { maxRetries: 1, signal: undefined, sleep: undefined });
    await expect(second.generate(ask)).resolves.toMatchObject({ text: 'ok' });
    expect(calls()).toBe(2);
    expect(delays).toHaveLength(1);
    expect(isRetrying(model)).toBe(false);
  });
});
