/**
 * `fromAiSdk`'s fast paths against a plain reference: whatever conversion caches, history prefixes
 * and fused retries do, the call options a provider receives are exactly (values, `undefined`
 * fields, key order) what a direct mapping of the request gives, the responses are what a direct
 * mapping of the result gives, and a call with the default retries ends as `withRetry` over the
 * adapter without retries does (same outcome, attempts, waits).
 */
import { APICallError, type LanguageModelV4, type LanguageModelV4CallOptions, type LanguageModelV4Content, type LanguageModelV4GenerateResult, type LanguageModelV4Message } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAiSdk } from '../../src/models/from-ai-sdk.ts';
import { defineRequestMessages } from '../../src/models/history-prefix.ts';
import { withRetry, type WithRetryOptions } from '../../src/models/with-retry.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import type { ModelMessage, ModelRequest, ModelResponse, ToolChoice } from '../../src/spec/model.ts';

// ---- the reference mappings: each request and result mapped directly, nothing cached ----

function referenceMessage(message: ModelMessage): LanguageModelV4Message {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: [{ type: 'text', text: message.content }] };
    case 'assistant':
      return {
        role: 'assistant',
        content: [
          ...(message.content ? [{ type: 'text' as const, text: message.content }] : []),
          ...(message.toolCalls ?? []).map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: call.arguments })),
        ],
      };
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.toolCallId,
            toolName: message.toolName,
            output: message.isError ? { type: 'error-text', value: message.content } : { type: 'text', value: message.content },
          },
        ],
      };
  }
}

function referenceOptions(request: Omit<ModelRequest, 'messages'>, messages: readonly ModelMessage[], providerOptions: unknown): LanguageModelV4CallOptions {
  const tools = request.tools?.length ? request.tools : undefined;
  const choice = request.toolChoice ?? 'auto';
  return {
    prompt: [...(request.system ? [{ role: 'system' as const, content: request.system }] : []), ...messages.map(referenceMessage)],
    maxOutputTokens: request.maxTokens,
    temperature: request.temperature,
    tools: tools?.map((tool) => ({ type: 'function' as const, name: tool.name, description: tool.description, inputSchema: tool.inputSchema as never })),
    toolChoice: tools ? (typeof choice === 'string' ? { type: choice } : { type: 'tool', toolName: choice.tool }) : undefined,
    responseFormat: request.responseSchema ? { type: 'json', schema: request.responseSchema as never, name: 'response' } : undefined,
    abortSignal: request.signal,
    providerOptions: providerOptions as never,
  };
}

function referenceResponse(result: LanguageModelV4GenerateResult, modelId: string): ModelResponse {
  const parse = (input: string): Record<string, unknown> | string => {
    if (input.trim() === '') return {};
    try {
      const value: unknown = JSON.parse(input);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : input;
    } catch {
      return input;
    }
  };
  return {
    text: result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    toolCalls: result.content.flatMap((part) =>
      part.type === 'tool-call' && !part.providerExecuted ? [{ id: part.toolCallId, name: part.toolName, arguments: parse(part.input) }] : [],
    ),
    finishReason: result.finishReason.unified === 'interrupted' ? 'other' : result.finishReason.unified,
    usage: { inputTokens: result.usage.inputTokens.total ?? 0, outputTokens: result.usage.outputTokens.total ?? 0 },
    modelId: result.response?.modelId ?? modelId,
  };
}

/** Every object's keys in order, recursively (`toStrictEqual` ignores key order). */
function keyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyOrder);
  if (typeof value !== 'object' || value === null || value instanceof AbortSignal) return null;
  return Object.entries(value).map(([key, item]) => [key, keyOrder(item)]);
}

// ---- generated conversations and requests ----

const call = fc.record({ id: fc.constantFrom('c1', 'c2', ''), name: fc.constantFrom('t', 'u'), arguments: fc.oneof(fc.constant({}), fc.record({ a: fc.integer() }), fc.string({ maxLength: 3 })) });
const message: fc.Arbitrary<ModelMessage> = fc.oneof(
  fc.string({ maxLength: 3 }).map((content): ModelMessage => ({ role: 'user', content })),
  fc.record({ content: fc.string({ maxLength: 2 }), calls: fc.option(fc.array(call, { maxLength: 3 }), { nil: undefined }) }).map(
    ({ content, calls }): ModelMessage => ({ role: 'assistant', content, ...(calls ? { toolCalls: calls } : {}) }),
  ),
  fc.record({ id: fc.constantFrom('c1', 'c2'), content: fc.string({ maxLength: 3 }), isError: fc.option(fc.boolean(), { nil: undefined }) }).map(
    ({ id, content, isError }): ModelMessage => ({ role: 'tool', toolCallId: id, toolName: 't', content, ...(isError === undefined ? {} : { isError }) }),
  ),
);

const tool = (name: string): ToolSpec => ({ name, description: `${name}.`, inputSchema: { type: 'object', properties: { a: { type: 'integer' } } } });
const sharedTools = Object.freeze([tool('t'), tool('u')]) as ToolSpec[];
const otherTools = Object.freeze([tool('v')]) as ToolSpec[];
const signal = new AbortController().signal;

interface Step {
  added: ModelMessage[];
  freeze: boolean;
  /**
   * prefix: the loop's history view; copy: a plain list; older: a plain list of an earlier length;
   * own: another conversation; rewrite: the history's middle message replaced (a loop bug the
   * conversion must still survive), then its view
   */
  kind: 'prefix' | 'copy' | 'older' | 'own' | 'rewrite';
  system: string | undefined;
  tools: 'none' | 'empty' | 'shared' | 'other' | 'fresh';
  toolChoice: ToolChoice | undefined;
  schema: boolean;
  sampling: { maxTokens?: number; temperature?: number };
  signal: boolean;
  /** Changes what the provider was handed after the call (a caller keeping and editing call options). */
  tamper: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  added: fc.array(message, { minLength: 1, maxLength: 3 }),
  freeze: fc.boolean(),
  kind: fc.constantFrom('prefix', 'prefix', 'copy', 'older', 'own', 'rewrite'),
  system: fc.constantFrom(undefined, '', 'S1', 'S2'),
  tools: fc.constantFrom('none', 'empty', 'shared', 'other', 'fresh'),
  toolChoice: fc.constantFrom<ToolChoice | undefined>(undefined, 'auto', 'none', 'required', { tool: 't' }),
  schema: fc.boolean(),
  sampling: fc.record({ maxTokens: fc.integer({ min: 1, max: 9 }), temperature: fc.double({ min: 0, max: 1, noNaN: true }) }, { requiredKeys: [] }),
  signal: fc.boolean(),
  tamper: fc.boolean(),
});

function sealed(item: ModelMessage): ModelMessage {
  if (item.role === 'assistant' && item.toolCalls) {
    for (const each of item.toolCalls) Object.freeze(each);
    Object.freeze(item.toolCalls);
  }
  return Object.freeze(item);
}

const content: fc.Arbitrary<LanguageModelV4Content[]> = fc.array(
  fc.oneof(
    fc.string({ maxLength: 3 }).map((text): LanguageModelV4Content => ({ type: 'text', text })),
    fc.record({
      id: fc.constantFrom('c1', 'c2'),
      input: fc.constantFrom('{"a":1}', '{}', '', '  ', '[1]', '3', 'null', '{"a": 1', ' {"b":[2]} '),
      providerExecuted: fc.option(fc.boolean(), { nil: undefined }),
    }).map(({ id, input, providerExecuted }): LanguageModelV4Content => ({ type: 'tool-call', toolCallId: id, toolName: 't', input, ...(providerExecuted === undefined ? {} : { providerExecuted }) })),
    fc.constant<LanguageModelV4Content>({ type: 'reasoning', text: 'thinking' }),
  ),
  { maxLength: 4 },
);

const generated: fc.Arbitrary<LanguageModelV4GenerateResult> = fc.record({
  content,
  finish: fc.constantFrom('stop', 'tool-calls', 'length', 'interrupted', 'other'),
  input: fc.option(fc.nat(50), { nil: undefined }),
  modelId: fc.option(fc.constantFrom('m-1', 'm-2'), { nil: undefined }),
}).map(({ content: parts, finish, input, modelId }) => ({
  content: parts,
  finishReason: { unified: finish as never, raw: undefined },
  usage: { inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 2, text: 2, reasoning: undefined } },
  warnings: [],
  ...(modelId ? { response: { modelId } } : {}),
}));

describe('fromAiSdk against the reference mapping', () => {
  it('sends each request as the reference maps it, and maps each result as the reference does, over whole conversations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(step, generated), { minLength: 1, maxLength: 8 }),
        fc.constantFrom('none', 'object', 'function'),
        async (steps, optionsKind) => {
          const results: LanguageModelV4GenerateResult[] = [];
          const languageModel = new MockLanguageModelV4({ doGenerate: async () => results.shift() as LanguageModelV4GenerateResult });
          const providerOptions =
            optionsKind === 'object'
              ? { acme: { strict: false } }
              : optionsKind === 'function'
                ? (request: ModelRequest) => ({ acme: { temperature: request.temperature ?? null } })
                : undefined;
          const model = fromAiSdk(languageModel, { providerOptions });
          const history: ModelMessage[] = [];
          for (const [{ added, freeze, kind, tamper, ...settings }, result] of steps) {
            for (const item of added) history.push(freeze ? sealed(item) : item);
            if (kind === 'rewrite') history[history.length >> 1] = sealed({ role: 'user', content: 'rewritten' });
            const fields: Omit<ModelRequest, 'messages'> = {
              ...(settings.system === undefined ? {} : { system: settings.system }),
              ...settings.sampling,
              ...(settings.schema ? { responseSchema: { type: 'object' } } : {}),
              ...(settings.signal ? { signal } : {}),
            };
            if (settings.tools !== 'none') {
              fields.tools = { empty: [], shared: sharedTools, other: otherTools, fresh: [tool('w')] }[settings.tools];
              if (settings.toolChoice !== undefined) fields.toolChoice = settings.toolChoice;
            }
            const count = kind === 'older' ? Math.ceil(history.length / 2) : history.length;
            const messages = kind === 'own' ? added.map(sealed) : history.slice(0, count);
            const viewed = kind === 'prefix' || kind === 'rewrite';
            const request = viewed ? (defineRequestMessages({ ...fields }, history, count) as ModelRequest) : { ...fields, messages: [...messages] };
            // The loop's history grows after the request is made: only the prefix counts.
            if (viewed) history.push(sealed({ role: 'user', content: 'later' }));

            results.push(result);
            const calls = languageModel.doGenerateCalls.length;
            const response = await model.generate(request);
            const sent = languageModel.doGenerateCalls[calls] as LanguageModelV4CallOptions;
            const expected = referenceOptions(fields, messages, typeof providerOptions === 'function' ? providerOptions(request) : providerOptions);
            expect(sent).toStrictEqual(expected);
            expect(keyOrder(sent)).toEqual(keyOrder(expected));
            expect(response).toStrictEqual(referenceResponse(result, 'mock-model-id'));
            if (viewed) history.pop();
            if (tamper) {
              sent.prompt.push({ role: 'user', content: [{ type: 'text', text: 'added by the caller' }] });
              sent.prompt.shift();
              sent.tools?.reverse();
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

// ---- the fused first attempt of the default retries against withRetry over the plain adapter ----

type Attempt = 'ok' | 'retryable' | 'fatal' | 'throws-now' | 'unreadable' | 'unreadable-retryable' | 'aborts';

const apiError = (status: number) =>
  new APICallError({ message: 'no', url: 'https://api.example.test', requestBodyValues: {}, statusCode: status, responseHeaders: {}, responseBody: '' });

const okResult: LanguageModelV4GenerateResult = {
  content: [{ type: 'text', text: 'hi' }],
  finishReason: { unified: 'stop', raw: undefined },
  usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
  warnings: [],
};

/** A language model playing `script`, one attempt per `doGenerate`, logging what happened. */
function scripted(script: Attempt[], controller: AbortController, log: string[]): LanguageModelV4 {
  let index = 0;
  return {
    specificationVersion: 'v4',
    provider: 'acme.chat',
    modelId: 'acme-1',
    supportedUrls: {},
    doGenerate() {
      const attempt = script[index++] ?? 'ok';
      log.push(`attempt ${attempt}`);
      switch (attempt) {
        case 'ok':
          return Promise.resolve(okResult);
        case 'retryable':
          return Promise.reject(apiError(503));
        case 'fatal':
          return Promise.reject(apiError(400));
        case 'throws-now':
          throw apiError(503);
        case 'unreadable':
          return Promise.resolve({ ...okResult, content: undefined } as never);
        case 'unreadable-retryable':
          // A result whose reading fails with what would be a retryable provider error.
          return Promise.resolve({
            ...okResult,
            get content(): never {
              throw apiError(502);
            },
          });
        case 'aborts':
          controller.abort(new Error('stopped'));
          return Promise.reject(apiError(503));
      }
    },
    doStream() {
      return Promise.reject(new Error('not used'));
    },
  };
}

async function outcome(model: { generate(request: ModelRequest): Promise<ModelResponse> }, request: ModelRequest): Promise<unknown> {
  try {
    return { value: await model.generate(request) };
  } catch (error) {
    const { name, message, attempts, isRetryable, statusCode } = error as Record<string, unknown>;
    return { error: { name, message, attempts, isRetryable, statusCode } };
  }
}

describe('fromAiSdk with retries against withRetry over fromAiSdk without', () => {
  it('ends every call the same way: outcome, attempts, waits and retry notices', async () => {
    const attempt = fc.constantFrom<Attempt>('ok', 'retryable', 'fatal', 'throws-now', 'unreadable', 'unreadable-retryable', 'aborts');
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { maxLength: 5 }), fc.integer({ min: 0, max: 4 }), fc.boolean(), fc.boolean(), async (script, maxRetries, preAborted, rewrapped) => {
        const run = async (build: (languageModel: LanguageModelV4, options: WithRetryOptions) => { generate(request: ModelRequest): Promise<ModelResponse> }) => {
          const log: string[] = [];
          const controller = new AbortController();
          if (preAborted) controller.abort(new Error('early'));
          const options: WithRetryOptions = {
            maxRetries,
            random: () => 0.5,
            sleep: async (ms) => {
              log.push(`wait ${ms}`);
            },
            onRetry: ({ attempt: retry, delayMs }) => log.push(`retry ${retry} after ${delayMs}`),
          };
          const result = await outcome(build(scripted(script, controller, log), options), { messages: [{ role: 'user', content: 'q' }], signal: controller.signal });
          return { result, log };
        };
        const fused = await run((languageModel, retry) => (rewrapped ? withRetry(fromAiSdk(languageModel, { retry: { maxRetries: 9 } }), retry) : fromAiSdk(languageModel, { retry })));
        const plain = await run((languageModel, retry) => withRetry(fromAiSdk(languageModel, { retry: false }), retry));
        expect(fused).toEqual(plain);
      }),
      { numRuns: 300 },
    );
  });
});
