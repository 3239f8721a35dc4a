/**
 * The one contract every Model adapter runs (DESIGN §9): real provider packages over real HTTP
 * against the fixture server, with the recorded wire payloads of that provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import type { Model, ModelRequest, ModelStreamPart, Usage } from '../../src/spec/model.ts';
import { isRetrying, withRetry } from '../../src/models/with-retry.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';

export const DECISION =
  '{"action":"call_tool","tool":"get_weather","args":{"city":"Paris"},"reason":"the user asked for the weather in Paris"}';
export const ANSWER = { action: 'answer_user', answer: 'It is 18°C and sunny in Paris.', confidence: 0.9 };

export const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};

export const answerSchema = {
  type: 'object',
  properties: {
    action: { const: 'answer_user' },
    answer: { type: 'string' },
    confidence: { type: 'number' },
  },
  required: ['action', 'answer'],
  additionalProperties: false,
};

export interface ModelContractOptions {
  /** Fixture folder under test/fixtures/providers. */
  fixtures: string;
  /** Builds the adapter pointed at the fixture server. */
  createModel: (serverUrl: string) => Model;
  provider: string;
  /** The model id the recorded responses report. */
  respondedModelId: string;
  /** The response ids recorded in text.json and stream-decision.chunks.txt (none where the provider gives none). */
  responseIds?: { text: string; stream: string };
  /** Usage recorded in text.json, with the details the provider package reads from it. */
  textUsage: Usage;
  /** The details the provider package reads from a usage without cache or reasoning figures (the stream's). */
  reportedDetails: Partial<Usage>;
  /** What the 401 hint must name (the key variable). */
  apiKeyHint: string;
  /** Asserts the provider's native structured-output mechanism carried `schema` in the request body. */
  expectSchemaOnWire: (body: any, schema: Record<string, unknown>) => void;
  /** Asserts the request body forces the tool `name`. */
  expectForcedTool: (body: any, name: string) => void;
}

const ask = (extra: Partial<ModelRequest> = {}): ModelRequest => ({
  system: 'You are a terse assistant.',
  messages: [{ role: 'user', content: 'What is the capital of France?' }],
  ...extra,
});

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

const textOf = (parts: ModelStreamPart[]) =>
  parts.map((part) => (part.type === 'text-delta' ? part.text : '')).join('');

export function runModelContract(options: ModelContractOptions): void {
  describe(`Model contract: ${options.provider}`, () => {
    let server: FixtureServer;
    let model: Model;
    beforeAll(async () => {
      server = await startFixtureServer();
      model = options.createModel(server.url);
    });
    afterAll(() => server.close());
    const load = (name: string, extra = {}) => fixture(options.fixtures, name, extra);
    const lastBody = () => server.requests.at(-1)?.body;

    it('reports its provider, model id and tool support, and retries transport errors by default', () => {
      expect(model.provider).toBe(options.provider);
      expect(model.supportsTools).toBe(true);
      expect(typeof model.stream).toBe('function');
      expect(isRetrying(model)).toBe(true);
    });

    it('generates plain text with finish reason, usage and model id', async () => {
      server.enqueue(load('text'));
      const response = await model.generate(ask());
      expect(response).toEqual({
        text: 'Paris is the capital of France.',
        toolCalls: [],
        finishReason: 'stop',
        usage: options.textUsage,
        modelId: options.respondedModelId,
        ...(options.responseIds ? { responseId: options.responseIds.text } : {}),
      });
      const wire = JSON.stringify(lastBody());
      expect(wire).toContain('You are a terse assistant.');
      expect(wire).toContain('What is the capital of France?');
    });

    it('returns a tool call with parsed arguments and sends the tool and the forced choice', async () => {
      server.enqueue(load('tool-call'));
      const response = await model.generate(ask({ tools: [weatherTool], toolChoice: { tool: 'get_weather' } }));
      expect(response.finishReason).toBe('tool-calls');
      expect(response.toolCalls).toHaveLength(1);
      expect(response.toolCalls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Paris' } });
      expect(response.toolCalls[0]?.id).toMatch(/\S/);
      const wire = JSON.stringify(lastBody());
      expect(wire).toContain('get_weather');
      expect(wire).toContain('Current weather for a city');
      options.expectForcedTool(lastBody(), 'get_weather');
    });

    it('sends tool results back in a follow-up turn', async () => {
      server.enqueue(load('text'));
      await model.generate(
        ask({
          tools: [weatherTool],
          messages: [
            { role: 'user', content: 'Weather in Paris?' },
            { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] },
            { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: '18°C, sunny' },
          ],
        }),
      );
      const wire = JSON.stringify(lastBody());
      expect(wire).toContain('18°C, sunny');
      expect(wire).toContain('Paris');
    });

    it('puts responseSchema on the wire through the native mechanism and returns the JSON text', async () => {
      server.enqueue(load('json-answer'));
      const response = await model.generate(ask({ responseSchema: answerSchema }));
      expect(JSON.parse(response.text)).toEqual(ANSWER);
      options.expectSchemaOnWire(lastBody(), answerSchema);
    });

    it('streams a decision as text deltas, then a finish part with usage', async () => {
      server.enqueue(load('stream-decision.chunks'));
      const parts = await collect(model.stream!(ask()));
      const deltas = parts.filter((part) => part.type === 'text-delta');
      expect(deltas.length).toBeGreaterThan(20);
      const text = textOf(parts);
      expect(text.startsWith(DECISION)).toBe(true);
      expect(JSON.parse(text.slice(0, DECISION.length))).toMatchObject({ tool: 'get_weather', args: { city: 'Paris' } });
      expect(parts.at(-1)).toEqual({
        type: 'finish',
        finishReason: 'stop',
        usage: { inputTokens: 180, outputTokens: 96, ...options.reportedDetails },
        modelId: options.respondedModelId,
        ...(options.responseIds ? { responseId: options.responseIds.stream } : {}),
      });
      expect(server.requests.at(-1)?.closedEarly).toBe(false);
    });

    it('streams a native tool call with parsed arguments', async () => {
      server.enqueue(load('stream-tool-call.chunks'));
      const parts = await collect(model.stream!(ask({ tools: [weatherTool], toolChoice: 'required' })));
      const calls = parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCall] : []));
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Paris' } });
      expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'tool-calls' });
    });

    it('stops the HTTP request when the consumer breaks out right after the decision', async () => {
      server.enqueue(load('stream-decision.chunks', { chunkDelayMs: 15 }));
      let text = '';
      for await (const part of model.stream!(ask())) {
        if (part.type === 'text-delta') text += part.text;
        if (text.length >= DECISION.length) break;
      }
      const request = server.requests.at(-1)!;
      await request.done;
      expect(text.slice(0, DECISION.length)).toBe(DECISION);
      expect(request.closedEarly).toBe(true);
      expect(request.chunksSent).toBeLessThan(request.chunksTotal);
      // The decision ends about 30 chunks in; the chatter after it (about 70 chunks) was never sent.
      expect(request.chunksTotal - request.chunksSent).toBeGreaterThan(40);
    });

    it('aborting the signal mid-stream rejects with the reason and closes the connection', async () => {
      server.enqueue(load('stream-decision.chunks', { chunkDelayMs: 15 }));
      const controller = new AbortController();
      const reason = new Error('user cancelled');
      const consume = async () => {
        for await (const part of model.stream!(ask({ signal: controller.signal }))) {
          if (part.type === 'text-delta') controller.abort(reason);
        }
      };
      await expect(consume()).rejects.toBe(reason);
      const request = server.requests.at(-1)!;
      await request.done;
      expect(request.closedEarly).toBe(true);
    });

    it('a pre-aborted generate never reaches the server', async () => {
      const before = server.requests.length;
      const reason = new Error('stop');
      await expect(model.generate(ask({ signal: AbortSignal.abort(reason) }))).rejects.toBe(reason);
      expect(server.requests.length).toBe(before);
    });

    it('retries a 500 by default (backoff), then returns the answer', async () => {
      const before = server.requests.length;
      server.enqueue(load('server-error', { status: 500 }), load('text'));
      const response = await model.generate(ask());
      expect(response.text).toBe('Paris is the capital of France.');
      expect(server.requests.length - before).toBe(2);
    });

    it('waits what Retry-After says after a 429, then returns the answer', async () => {
      const before = server.requests.length;
      server.enqueue(load('rate-limited', { status: 429, headers: { 'retry-after': '7' } }), load('text'));
      const delays: number[] = [];
      const recorded = withRetry(model, {
        sleep: async (ms) => {
          delays.push(ms);
        },
      });
      const response = await recorded.generate(ask());
      expect(response.text).toBe('Paris is the capital of France.');
      expect(delays).toEqual([7000]);
      expect(server.requests.length - before).toBe(2);
    });

    it('retries a stream cut off before any output, by default', async () => {
      const before = server.requests.length;
      server.enqueue(load('stream-text.chunks', { cutAfterChunks: 0 }), load('stream-text.chunks'));
      const parts = await collect(model.stream!(ask()));
      expect(textOf(parts)).toBe('It is 18°C and sunny in Paris.');
      expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
      expect(server.requests.length - before).toBe(2);
    });

    it('a stream cut off mid-way after output fails with a retryable ModelCallError and is not repeated', async () => {
      const before = server.requests.length;
      server.enqueue(load('stream-decision.chunks', { cutAfterChunks: 12, chunkDelayMs: 5 }));
      let text = '';
      const consume = async () => {
        for await (const part of model.stream!(ask())) if (part.type === 'text-delta') text += part.text;
      };
      const error = await consume().catch((caught: unknown) => caught);
      expect(ModelCallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ isRetryable: true, statusCode: undefined, provider: options.provider, attempts: 1 });
      expect(text.length).toBeGreaterThan(0);
      expect(DECISION.startsWith(text)).toBe(true);
      expect(server.requests.length - before).toBe(1);
    });

    it("a 400 fails at once with a typed ModelCallError carrying the provider's reason and a hint", async () => {
      const before = server.requests.length;
      const badRequest = load('bad-request', { status: 400 });
      server.enqueue(badRequest);
      const error = await model.generate(ask()).catch((caught: unknown) => caught);
      expect(ModelCallError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ statusCode: 400, isRetryable: false, attempts: 1, provider: options.provider });
      const body = badRequest.body as { error: string | { message: string } };
      const reason = typeof body.error === 'string' ? body.error : body.error.message;
      expect((error as ModelCallError).message).toContain(reason);
      expect((error as ModelCallError).hint).toMatch(/\S/);
      expect(server.requests.length - before).toBe(1);
    });

    it('a 401 fails with a typed, non-retryable ModelCallError whose hint names the key', async () => {
      server.enqueue(load('unauthorized', { status: 401 }));
      const error = await model.generate(ask()).catch((caught: unknown) => caught);
      expect(ModelCallError.isInstance(error)).toBe(true);
      const callError = error as ModelCallError;
      expect(callError).toMatchObject({ statusCode: 401, isRetryable: false, provider: options.provider });
      expect(callError.hint).toContain(options.apiKeyHint);
      expect(callError.responseBody).toMatch(/\S/);
      expect(callError.message).not.toMatch(/\n\s+at /);
    });
  });
}
