import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { ModelConfigError } from '../../src/errors/model-config-error.ts';
import { parseModelString } from '../../src/models/parse-model-string.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { isRetrying, withRetry } from '../../src/models/with-retry.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';

const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };

function configError(build: () => unknown): ModelConfigError {
  try {
    build();
  } catch (error) {
    if (ModelConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ModelConfigError');
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('parseModelString', () => {
  it('splits on the first colon only, so Ollama tags survive', () => {
    expect(parseModelString('ollama:qwen3:8b')).toEqual({ provider: 'ollama', modelId: 'qwen3:8b' });
    expect(parseModelString('openai:gpt-4.1-mini')).toEqual({ provider: 'openai', modelId: 'gpt-4.1-mini' });
  });
  it('reads the base URL of openai-compatible strings', () => {
    expect(parseModelString('openai-compatible:Qwen/Qwen2.5-7B@http://127.0.0.1:8000/v1')).toEqual({
      provider: 'openai-compatible',
      modelId: 'Qwen/Qwen2.5-7B',
      baseURL: 'http://127.0.0.1:8000/v1',
    });
  });
  it('rejects malformed strings and unknown providers with typed errors', () => {
    for (const bad of ['gpt-4', 'openai:', ':gpt-4', '']) {
      expect(configError(() => parseModelString(bad))).toMatchObject({ kind: 'malformed-model-string', modelString: bad });
    }
    const unknown = configError(() => parseModelString('mistral:large'));
    expect(unknown.kind).toBe('unknown-provider');
    expect(unknown.message).toContain('`mistral`');
    expect(unknown.message).toContain('openai, anthropic, google, ollama, openai-compatible');
  });
});

describe('resolveModel', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  it('names the missing key variable', () => {
    const openai = configError(() => resolveModel('openai:gpt-4.1-mini', { env: {} }));
    expect(openai).toMatchObject({ kind: 'missing-api-key', variable: 'OPENAI_API_KEY' });
    expect(openai.message).toContain('OPENAI_API_KEY is not set');
    const anthropic = configError(() => resolveModel('anthropic:claude-sonnet-4-5', { env: {} }));
    expect(anthropic.variable).toBe('ANTHROPIC_API_KEY');
    const google = configError(() => resolveModel('google:gemini-2.5-flash', { env: {} }));
    expect(google).toMatchObject({ kind: 'missing-api-key', variable: 'GOOGLE_GENERATIVE_AI_API_KEY' });
  });

  it('reads GOOGLE_GENERATIVE_AI_API_KEY and GOOGLE_GENERATIVE_AI_BASE_URL from the environment', async () => {
    server.enqueue(fixture('google', 'text'));
    const model = resolveModel('google:gemini-2.5-flash', {
      env: { GOOGLE_GENERATIVE_AI_API_KEY: 'AIza-env', GOOGLE_GENERATIVE_AI_BASE_URL: `${server.url}/v1beta` },
    });
    expect((await model.generate({ messages: [{ role: 'user', content: 'hi' }] })).text).toBe('Paris is the capital of France.');
    expect(server.requests.at(-1)).toMatchObject({ path: '/v1beta/models/gemini-2.5-flash:generateContent', headers: { 'x-goog-api-key': 'AIza-env' } });
  });

  it('needs a base URL for openai-compatible', () => {
    expect(configError(() => resolveModel('openai-compatible:qwen3', { env: {} })).hint).toContain('@<baseURL>');
  });

  it('reads the key and OPENAI_BASE_URL from the environment', async () => {
    server.enqueue(fixture('openai', 'text'));
    const model = resolveModel('openai:gpt-4.1-mini', {
      env: { OPENAI_API_KEY: 'sk-from-env', OPENAI_BASE_URL: `${server.url}/v1` },
    });
    await model.generate(ask);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-from-env');
  });

  it('sends the Anthropic key in x-api-key', async () => {
    server.enqueue(fixture('anthropic', 'text'));
    await resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${server.url}/v1`, apiKey: 'sk-ant-x', env: {} }).generate(ask);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('sk-ant-x');
  });

  it('takes the Ollama host from OLLAMA_HOST, with or without a scheme', async () => {
    server.enqueue(fixture('ollama', 'text'));
    const hostOnly = server.url.replace('http://', '');
    await resolveModel('ollama:qwen3:8b', { env: { OLLAMA_HOST: hostOnly } }).generate(ask);
    expect(server.requests.at(-1)!.path).toBe('/api/chat');
  });

  it('says a port fetch refuses to use (6000, 6665-6669, ...) is blocked, not that the response was unreadable', async () => {
    const model = resolveModel('openai-compatible:m@http://127.0.0.1:6000/v1', { env: {}, retry: false });
    const error = (await model.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/port 6000/);
    expect(error.message).not.toMatch(/could not read/);
    expect(error.hint).not.toMatch(/format/);
  });

  it('says Ollama cannot be reached, without a stack trace', async () => {
    const port = await closedPort();
    const model = resolveModel('ollama:qwen3', { env: { OLLAMA_HOST: `http://127.0.0.1:${port}` }, retry: false });
    const error = (await model.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error.message).toBe(`cannot reach Ollama at http://127.0.0.1:${port}: is \`ollama serve\` running?`);
    expect(error).toMatchObject({ isRetryable: true, statusCode: undefined, provider: 'ollama' });
  });

  it('uses 127.0.0.1:11434 for Ollama by default, and retries a refused connection (3 retries by default)', async () => {
    const urls: string[] = [];
    const refused = async (input: string | URL | Request): Promise<Response> => {
      urls.push(String(input));
      const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:11434'), { code: 'ECONNREFUSED' });
      throw new TypeError('fetch failed', { cause });
    };
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
    };
    const model = resolveModel('ollama:qwen3', { env: {}, fetch: refused, retry: { sleep, random: () => 0 } });
    const error = (await model.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(urls).toEqual(Array(4).fill('http://127.0.0.1:11434/api/chat'));
    expect(delays).toEqual([250, 500, 1000]);
    expect(error.attempts).toBe(4);
    expect(error.message).toBe('cannot reach Ollama at http://127.0.0.1:11434: is `ollama serve` running?');
  });

  it('retry: false makes one attempt per call', async () => {
    const before = server.requests.length;
    server.enqueue(fixture('openai', 'server-error', { status: 500 }));
    const model = resolveModel('openai:gpt-4.1-mini', { baseURL: `${server.url}/v1`, apiKey: 'sk-test', retry: false });
    expect(isRetrying(model)).toBe(false);
    const error = (await model.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(error).toMatchObject({ statusCode: 500, isRetryable: true, attempts: 1 });
    expect(server.requests.length - before).toBe(1);
  });

  it('retries by default, and withRetry on the result replaces the settings instead of nesting', async () => {
    const model = resolveModel('openai:gpt-4.1-mini', { baseURL: `${server.url}/v1`, apiKey: 'sk-test' });
    expect(isRetrying(model)).toBe(true);
    const before = server.requests.length;
    const failing = fixture('openai', 'server-error', { status: 503 });
    // A nested retry layer would send more requests (the server answers 599 once these run out).
    server.enqueue(failing, failing);
    const delays: number[] = [];
    const tuned = withRetry(model, {
      maxRetries: 1,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const error = (await tuned.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(error).toMatchObject({ statusCode: 503, attempts: 2 });
    expect(delays).toHaveLength(1);
    expect(server.requests.length - before).toBe(2);
    server.enqueue(fixture('openai', 'text'));
    await expect(tuned.generate(ask)).resolves.toMatchObject({ text: 'Paris is the capital of France.' });
    expect(server.requests.length - before).toBe(3);
  });

  it('an Ollama 404 hints at pulling the model', async () => {
    server.enqueue(fixture('ollama', 'not-found', { status: 404 }));
    const model = resolveModel('ollama:qwen3:8b', { baseURL: server.url });
    const error = (await model.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(error).toMatchObject({ statusCode: 404, isRetryable: false, hint: 'is the model pulled? run `ollama pull qwen3:8b`' });
    expect(error.message).toContain('not found, try pulling it first');
  });

  it('a body in the wrong format fails readably and is not retryable', async () => {
    server.enqueue({ body: { hello: 'not a chat completion' } });
    const model = resolveModel('openai-compatible:qwen3', { baseURL: `${server.url}/v1` });
    const error = (await model.generate(ask).catch((caught: unknown) => caught)) as ModelCallError;
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toContain('OpenAI-compatible server returned a response reins could not read');
    expect(error.hint).toContain(`${server.url}/v1`);
  });

  it('marks models without tools when told', () => {
    expect(resolveModel('ollama:gemma2', { supportsTools: false }).supportsTools).toBe(false);
    expect(resolveModel('ollama:qwen3').supportsTools).toBe(true);
  });
});
