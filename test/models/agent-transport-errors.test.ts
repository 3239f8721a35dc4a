/**
 * Transport errors at the level of a run: createAgent over `resolveModel` models (retries on by
 * default, nothing wrapped by hand) talking HTTP to the fixture server. A 429 or a 500 is retried
 * inside the model call and the run still answers; a 400 or a 401 ends the run at once with a
 * typed ModelCallError that says what to fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { type AgentEvent, createAgent, type RunResult } from '../../src/index.ts';
import type { Model } from '../../src/spec/model.ts';
import { fixture, type FixtureServer, type FixtureResponse, startFixtureServer } from '../helpers/fixture-server.ts';
import { providerAdapters } from './provider-adapters.ts';

const keyHints: Record<string, string> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  ollama: 'API key',
  'openai-compatible': 'OPENAI_COMPATIBLE_API_KEY',
};

describe.each(providerAdapters)('a run over $fixtures meets transport errors', ({ fixtures, create }) => {
  let server: FixtureServer;
  let model: Model;
  beforeAll(async () => {
    server = await startFixtureServer();
    // Keys from the environment (not the apiKey option), so the 401 hint names the variable.
    model = create(server.url, { apiKey: undefined, env: { OPENAI_API_KEY: 'sk-test', ANTHROPIC_API_KEY: 'sk-ant-test' } });
  });
  afterAll(() => server.close());

  /** Runs one question with the given responses queued; returns the events, the result and the requests it made. */
  async function runWith(...responses: FixtureResponse[]) {
    const before = server.requests.length;
    server.enqueue(...responses);
    const run = createAgent({ model, protocol: 'json' }).run('What is the weather in Paris?');
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result: RunResult = await run.result;
    return { events, result, requests: server.requests.slice(before) };
  }
  /** Retries the loop made itself (a stream cut after output); retries inside the model call emit none. */
  const loopRetries = (events: AgentEvent[]) => events.filter((event) => (event.type as string) === 'model-retry');

  it('a 429 with Retry-After is waited out inside the model call, then the run answers', async () => {
    const { events, result, requests } = await runWith(
      fixture(fixtures, 'rate-limited', { status: 429, headers: { 'retry-after': '1' } }),
      fixture(fixtures, 'stream-answer.chunks'),
    );
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 18°C and sunny in Paris.');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.receivedAt - requests[0]!.receivedAt).toBeGreaterThanOrEqual(990);
    expect(requests[1]!.body).toEqual(requests[0]!.body);
    expect(loopRetries(events)).toEqual([]);
  });

  it('a 500 is retried with backoff inside the model call, then the run answers', async () => {
    const { events, result, requests } = await runWith(
      fixture(fixtures, 'server-error', { status: 500 }),
      fixture(fixtures, 'stream-answer.chunks'),
    );
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 18°C and sunny in Paris.');
    expect(requests).toHaveLength(2);
    expect(loopRetries(events)).toEqual([]);
  });

  it('a 400 ends the run at once with a typed ModelCallError carrying a hint', async () => {
    const { events, result, requests } = await runWith(fixture(fixtures, 'bad-request', { status: 400 }));
    expect(result.status).toBe('failed');
    expect(ModelCallError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ statusCode: 400, isRetryable: false, attempts: 1, provider: fixtures });
    expect((result.error as ModelCallError).hint).toContain('responseBody');
    expect(requests).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'failed', error: result.error });
  });

  it('a 401 ends the run at once with a typed ModelCallError naming the key', async () => {
    const { events, result, requests } = await runWith(fixture(fixtures, 'unauthorized', { status: 401 }));
    expect(result.status).toBe('failed');
    expect(ModelCallError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ statusCode: 401, isRetryable: false, attempts: 1, provider: fixtures });
    expect((result.error as ModelCallError).hint).toContain(keyHints[fixtures]);
    expect(requests).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'failed', error: result.error });
  });
});
