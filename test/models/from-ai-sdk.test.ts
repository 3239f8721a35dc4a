/**
 * `fromAiSdk` against the AI SDK's own mock language models (spec v4 and v3) from `ai/test`: the
 * mapping of requests, results, stream parts, usage and errors, without HTTP.
 */
import { APICallError, type LanguageModelV4StreamPart, type LanguageModelV4Usage } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV3, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { fromAiSdk } from '../../src/models/from-ai-sdk.ts';
import type { ModelRequest, ModelStreamPart } from '../../src/spec/model.ts';
import { isRetrying } from '../../src/models/with-retry.ts';
import { answerSchema, weatherTool } from './model-contract.ts';

const usage = (input: number, output: number): LanguageModelV4Usage => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: output, text: output, reasoning: 0 },
});
/** What `usage()` reports beside the totals, as reins reads it. */
const zeroDetails = { cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
const stop = { unified: 'stop' as const, raw: 'stop' };
const noWait = { sleep: async () => {} };

const ask: ModelRequest = {
  system: 'You are terse.',
  messages: [{ role: 'user', content: 'Weather in Paris?' }],
};

async function collect(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const out: ModelStreamPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

function serverError(status: number): APICallError {
  return new APICallError({
    message: 'Service Unavailable',
    url: 'https://api.example.test/v1/chat',
    requestBodyValues: {},
    statusCode: status,
    responseHeaders: { 'retry-after': '2' },
    responseBody: '{"error":"overloaded"}',
  });
}

describe('fromAiSdk over MockLanguageModelV4', () => {
  it('generates text: maps the request to call options and the result back, with usage and model id', async () => {
    const languageModel = new MockLanguageModelV4({
      provider: 'acme.chat',
      modelId: 'acme-1',
      doGenerate: {
        content: [{ type: 'text', text: 'Paris: ' }, { type: 'text', text: '18°C, sunny.' }],
        finishReason: stop,
        usage: usage(31, 7),
        warnings: [],
        response: { modelId: 'acme-1-2025-06-01' },
      },
    });
    const model = fromAiSdk(languageModel, { providerOptions: { acme: { strict: false } } });
    expect(model).toMatchObject({ provider: 'acme', modelId: 'acme-1', supportsTools: true });

    const response = await model.generate({ ...ask, maxTokens: 200, temperature: 0.2, responseSchema: answerSchema });
    expect(response).toEqual({
      text: 'Paris: 18°C, sunny.',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 31, outputTokens: 7, ...zeroDetails },
      modelId: 'acme-1-2025-06-01',
    });
    const [call] = languageModel.doGenerateCalls;
    expect(call).toMatchObject({
      prompt: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
      ],
      maxOutputTokens: 200,
      temperature: 0.2,
      responseFormat: { type: 'json', schema: answerSchema, name: 'response' },
      providerOptions: { acme: { strict: false } },
    });
    expect(call?.tools).toBeUndefined();
  });

  it('returns client tool calls with parsed arguments, keeps unparseable input raw, skips provider-executed calls', async () => {
    const languageModel = new MockLanguageModelV4({
      doGenerate: {
        content: [
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'get_weather', input: '{"city": Par' },
          { type: 'tool-call', toolCallId: 'srv_1', toolName: 'web_search', input: '{}', providerExecuted: true },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_use' },
        usage: usage(50, 12),
        warnings: [],
      },
    });
    const response = await fromAiSdk(languageModel).generate({ ...ask, tools: [weatherTool], toolChoice: { tool: 'get_weather' } });
    expect(response.toolCalls).toEqual([
      { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'call_2', name: 'get_weather', arguments: '{"city": Par' },
    ]);
    expect(response.finishReason).toBe('tool-calls');
    expect(response.modelId).toBe('mock-model-id');
    expect(languageModel.doGenerateCalls[0]).toMatchObject({
      tools: [{ type: 'function', name: 'get_weather', description: 'Current weather for a city', inputSchema: weatherTool.inputSchema }],
      toolChoice: { type: 'tool', toolName: 'get_weather' },
    });
  });

  it('sends earlier tool calls and their results (errors as error-text) in the prompt', async () => {
    const languageModel = new MockLanguageModelV4({
      doGenerate: { content: [{ type: 'text', text: 'ok' }], finishReason: stop, usage: usage(1, 1), warnings: [] },
    });
    await fromAiSdk(languageModel).generate({
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }] },
        { role: 'tool', toolCallId: 'call_1', toolName: 'get_weather', content: 'city not found', isError: true },
      ],
    });
    expect(languageModel.doGenerateCalls[0]?.prompt.slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: { city: 'Paris' } }] },
      {
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'call_1', toolName: 'get_weather', output: { type: 'error-text', value: 'city not found' } }],
      },
    ]);
  });

  it('streams text deltas and tool calls, then a finish part with usage and the reported model id', async () => {
    const chunks: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'response-metadata', id: 'resp_1', modelId: 'acme-1-2025-06-01' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Checking ' },
      { type: 'text-delta', id: 't1', delta: '' },
      { type: 'text-delta', id: 't1', delta: 'Paris.' },
      { type: 'text-end', id: 't1' },
      { type: 'tool-input-start', id: 'call_1', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call_1', delta: '{"city":"Paris"}' },
      { type: 'tool-input-end', id: 'call_1' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city":"Paris"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage: usage(40, 9) },
    ];
    const languageModel = new MockLanguageModelV4({ doStream: { stream: convertArrayToReadableStream(chunks) } });
    const parts = await collect(fromAiSdk(languageModel).stream!({ ...ask, tools: [weatherTool], toolChoice: 'required' }));
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Checking ' },
      { type: 'text-delta', text: 'Paris.' },
      { type: 'tool-call', toolCall: { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } } },
      { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 40, outputTokens: 9, ...zeroDetails }, modelId: 'acme-1-2025-06-01', responseId: 'resp_1' },
    ]);
    expect(languageModel.doStreamCalls[0]?.toolChoice).toEqual({ type: 'required' });
  });

  it('a stream that ends without a finish part is a retryable ModelCallError', async () => {
    const chunks: LanguageModelV4StreamPart[] = [{ type: 'text-delta', id: 't1', delta: 'Par' }];
    const languageModel = new MockLanguageModelV4({ doStream: { stream: convertArrayToReadableStream(chunks) } });
    const consume = collect(fromAiSdk(languageModel, { retry: false }).stream!(ask));
    const error = await consume.catch((caught: unknown) => caught);
    expect(ModelCallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ isRetryable: true, provider: 'mock-provider', modelId: 'mock-model-id' });
  });

  it('retries a retryable API error by default, waiting what Retry-After says', async () => {
    let calls = 0;
    const languageModel = new MockLanguageModelV4({
      doGenerate: async () => {
        calls++;
        if (calls === 1) throw serverError(503);
        return { content: [{ type: 'text', text: 'fine' }], finishReason: stop, usage: usage(3, 1), warnings: [] };
      },
    });
    const delays: number[] = [];
    const model = fromAiSdk(languageModel, {
      retry: {
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    });
    expect(isRetrying(model)).toBe(true);
    expect((await model.generate(ask)).text).toBe('fine');
    expect(calls).toBe(2);
    expect(delays).toEqual([2000]);
  });

  it('gives up after maxRetries (3 by default) and reports the attempts', async () => {
    const languageModel = new MockLanguageModelV4({
      doGenerate: async () => {
        throw serverError(500);
      },
    });
    const error = await fromAiSdk(languageModel, { retry: noWait }).generate(ask).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 500, isRetryable: true, attempts: 4, hint: 'the provider failed: try again later' });
    expect(languageModel.doGenerateCalls).toHaveLength(4);
  });

  it('retry: false makes exactly one call; a 400 is never retried', async () => {
    const failing = (status: number) =>
      new MockLanguageModelV4({
        doGenerate: async () => {
          throw serverError(status);
        },
      });
    const once = failing(503);
    const unretried = fromAiSdk(once, { retry: false });
    expect(isRetrying(unretried)).toBe(false);
    await expect(unretried.generate(ask)).rejects.toMatchObject({ statusCode: 503, attempts: 1 });
    expect(once.doGenerateCalls).toHaveLength(1);

    const rejected = failing(400);
    await expect(fromAiSdk(rejected, { retry: noWait }).generate(ask)).rejects.toMatchObject({ statusCode: 400, isRetryable: false });
    expect(rejected.doGenerateCalls).toHaveLength(1);
  });

  it('passes the request signal to the provider call; a pre-aborted call never reaches it', async () => {
    const languageModel = new MockLanguageModelV4({
      doGenerate: { content: [], finishReason: stop, usage: usage(1, 0), warnings: [] },
    });
    const model = fromAiSdk(languageModel);
    const controller = new AbortController();
    await model.generate({ ...ask, signal: controller.signal });
    expect(languageModel.doGenerateCalls[0]?.abortSignal).toBe(controller.signal);

    const reason = new Error('stop');
    await expect(model.generate({ ...ask, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(languageModel.doGenerateCalls).toHaveLength(1);
  });
});

describe('fromAiSdk over MockLanguageModelV3 (the previous provider spec)', () => {
  it('generates and streams the same way', async () => {
    const languageModel = new MockLanguageModelV3({
      provider: 'legacy.chat',
      modelId: 'legacy-1',
      doGenerate: {
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{"city":"Paris"}' }],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: usage(20, 6),
        warnings: [],
      },
      doStream: {
        stream: convertArrayToReadableStream([
          { type: 'text-delta', id: 't1', delta: 'It is 18°C.' },
          { type: 'finish', finishReason: stop, usage: usage(22, 5) },
        ]),
      },
    });
    const model = fromAiSdk(languageModel, { supportsTools: false });
    expect(model).toMatchObject({ provider: 'legacy', modelId: 'legacy-1', supportsTools: false });

    const response = await model.generate(ask);
    expect(response).toMatchObject({
      toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }],
      finishReason: 'tool-calls',
      usage: { inputTokens: 20, outputTokens: 6, ...zeroDetails },
      modelId: 'legacy-1',
    });
    expect(await collect(model.stream!(ask))).toEqual([
      { type: 'text-delta', text: 'It is 18°C.' },
      { type: 'finish', finishReason: 'stop', usage: { inputTokens: 22, outputTokens: 5, ...zeroDetails }, modelId: 'legacy-1' },
    ]);
    expect(languageModel.doStreamCalls[0]?.prompt[0]).toEqual({ role: 'system', content: 'You are terse.' });
  });
});
