/**
 * Issue 25, invariant 3 for native tool calls: a provider's tool call whose argument JSON writes a key
 * twice (at any depth) never runs; the run gets the correction the text protocols give (naming the
 * key) and the strict loop asks again. Over the real @ai-sdk/openai-compatible package talking HTTP
 * to the fixture server, whose wire format carries the arguments as the text the model wrote, both
 * generated and streamed (the deltas joined by the provider package), and the real @ai-sdk/anthropic
 * package's stream (its `input_json_delta` pieces). `sampleTools` on the `model`
 * backend corrects such a call the same way, and the MCP sampling handler, which serves another
 * server's request from the same Model, refuses such arguments with a wire error.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEvent, createAgent, defineTool, parseDecision } from '../../src/index.ts';
import { fromToolCall } from '../../src/models/from-provider-result.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { toSamplingResult } from '../../src/mcp/sampling-messages.ts';
import { samplingContext } from '../../src/server/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import type { Model } from '../../src/spec/model.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import { propertyRuns } from '../helpers/property-runs.ts';
import { inTool, noSampling } from '../server/sampling-client.ts';

const modelId = 'Qwen/Qwen2.5-7B-Instruct';

/** A chat completion whose one tool call carries `args` as the model wrote them. */
function toolCallBody(args: string): unknown {
  return {
    id: 'chatcmpl-dup',
    object: 'chat.completion',
    created: 1747141200,
    model: modelId,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, tool_calls: [{ id: 'call-dup', type: 'function', function: { name: 'get_weather', arguments: args } }] },
        finish_reason: 'tool_calls',
      },
    ],
    usage: { prompt_tokens: 71, total_tokens: 88, completion_tokens: 17 },
  };
}

/** The same call streamed: the arguments arrive in `pieces`, as a vLLM server sends them. */
function toolCallChunks(pieces: readonly string[]): string[] {
  const chunk = (delta: unknown, finish: string | null = null) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-dup', object: 'chat.completion.chunk', created: 1747141260, model: modelId, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return [
    chunk({ role: 'assistant', content: '' }),
    chunk({ tool_calls: [{ id: 'call-dup', type: 'function', index: 0, function: { name: 'get_weather' } }] }),
    ...pieces.map((piece) => chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] })),
    chunk({}, 'tool_calls'),
    `data: ${JSON.stringify({ id: 'chatcmpl-dup', object: 'chat.completion.chunk', created: 1747141260, model: modelId, choices: [], usage: { prompt_tokens: 71, total_tokens: 88, completion_tokens: 17 } })}\n\n`,
    'data: [DONE]\n\n',
  ];
}

function weatherTool(calls: Array<Record<string, unknown>>) {
  return defineTool({
    name: 'get_weather',
    description: 'Current weather for a city',
    input: {
      type: 'object',
      properties: { city: { type: 'string' }, options: { type: 'object', properties: { unit: { type: 'string' } } } },
      required: ['city'],
      additionalProperties: false,
    },
    execute: (args) => {
      calls.push(args);
      return '18°C, sunny';
    },
  });
}

/** Runs the agent to its end; the events and the calls the tool saw. */
async function runAgent(model: Model) {
  const calls: Array<Record<string, unknown>> = [];
  const agent = createAgent({ model, tools: [weatherTool(calls)], protocol: 'native' });
  const run = agent.run('What is the weather in Paris?');
  const events: AgentEvent[] = [];
  for await (const event of run) events.push(event);
  return { result: await run.result, events, calls };
}

const invalid = (events: AgentEvent[]) => events.flatMap((event) => (event.type === 'output-invalid' ? [event] : []));

/** The run answered, the tool ran once, with the clean call's `{ city: 'Paris' }`, and its one refusal named `key`. */
function expectOneRefusal({ result, events, calls }: Awaited<ReturnType<typeof runAgent>>, key: string) {
  expect(result.status).toBe('answered');
  expect(calls).toEqual([{ city: 'Paris' }]);
  const [refused, ...others] = invalid(events);
  expect(others).toEqual([]);
  expect(refused!.correction).toContain(`\`${key}\` is written twice`);
  return refused!;
}

describe('native tool calls whose arguments write a key twice, over a real provider package', () => {
  let server: FixtureServer;
  let model: Model;
  beforeAll(async () => {
    server = await startFixtureServer();
    model = resolveModel(`openai-compatible:${modelId}@${server.url}/v1`, { env: {} });
  });
  afterAll(() => server.close());

  /** The model without `stream`: the loop then calls `generate`. */
  const generateOnly = (): Model => ({ provider: model.provider, modelId: model.modelId, supportsTools: true, generate: (request) => model.generate(request) });

  it('generate: the call never runs, the correction names the key, and the clean call that follows runs', async () => {
    const before = server.requests.length;
    server.enqueue(
      { body: toolCallBody('{"city": "Lyon", "city": "Paris"}') },
      fixture('openai-compatible', 'tool-call'),
      fixture('openai-compatible', 'text'),
    );
    const run = await runAgent(generateOnly());

    expect(expectOneRefusal(run, 'city').reason).toContain('`city`');
    expect(run.events.filter((event) => event.type === 'tool-call')).toHaveLength(1);
    // The correction went back to the model as the refused call's result.
    const retry = JSON.stringify(server.requests[before + 1]!.body);
    expect(retry).toContain('is written twice');
  });

  it('stream: arguments joined from deltas that write a nested key twice never run; the clean call runs', async () => {
    server.enqueue(
      { chunks: toolCallChunks(['{"city": "Paris", "opt', 'ions": {"unit": "c", ', '"unit": "f"}}']) },
      fixture('openai-compatible', 'stream-tool-call.chunks'),
      fixture('openai-compatible', 'stream-text.chunks'),
    );
    expectOneRefusal(await runAgent(model), 'options.unit');
  });

  it('stream: a call whose keys are each written once runs as before', async () => {
    server.enqueue(
      { chunks: toolCallChunks(['{"city": "Paris", "opt', 'ions": {"unit": "c"}}']) },
      fixture('openai-compatible', 'stream-text.chunks'),
    );
    const { result, events, calls } = await runAgent(model);

    expect(result.status).toBe('answered');
    expect(invalid(events)).toEqual([]);
    expect(calls).toEqual([{ city: 'Paris', options: { unit: 'c' } }]);
  });

  it('anthropic stream: input_json_delta pieces that write a key twice never run; the clean call runs', async () => {
    const anthropic = resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${server.url}/v1`, apiKey: 'sk-ant-test' });
    const clean = fixture('anthropic', 'stream-tool-call.chunks');
    const twice = clean.chunks!.map((chunk) => chunk.replace('"partial_json":"{\\"city\\""', '"partial_json":"{\\"city\\": \\"Lyon\\", \\"city\\""'));
    expect(twice.join('')).toContain('Lyon');
    server.enqueue({ chunks: twice }, clean, fixture('anthropic', 'stream-text.chunks'));
    expectOneRefusal(await runAgent(anthropic), 'city');
  });

  it("sampleTools on the 'model' backend: the call is refused naming the key, and the retry's clean call is returned", async () => {
    server.enqueue(
      { body: toolCallBody('{"city": "Lyon", "city": "Paris"}') },
      fixture('openai-compatible', 'tool-call'),
    );
    const tools = [{ name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }] as const;
    const run = await inTool({ capabilities: noSampling }, async (mcpServer, ctx) =>
      samplingContext(mcpServer, ctx, { model }).sampleTools({ prompt: 'Weather in Paris?', tools }),
    );
    expect(run.error).toBeUndefined();
    expect(run.value).toMatchObject({ attempts: 2, toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] });
    // The refused call was answered with the correction, naming the key.
    expect(JSON.stringify(server.requests.at(-1)!.body)).toContain('Invalid arguments for `get_weather`: the key `city` is written twice');
  });

  it('MCP sampling served by the model refuses such arguments with a wire error naming the key', async () => {
    server.enqueue({ body: toolCallBody('{"city": "Lyon", "city": "Paris"}') }, fixture('openai-compatible', 'tool-call'));
    const request = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools: [weatherToolSpec] };
    const twice = await model.generate(request);
    expect(() => toSamplingResult(twice, true)).toThrow(/key `city` is written twice/);
    const clean = toSamplingResult(await model.generate(request), true);
    expect(clean.content).toEqual([{ type: 'tool_use', id: expect.any(String), name: 'get_weather', input: { city: 'Paris' } }]);
  });
});

const weatherToolSpec: ToolSpec = { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } };

describe('property: the provider call path refuses arguments holding a key twice at any depth', () => {
  const keys = ['city', 'path', 'query'];
  const tools: ToolSpec[] = [{ name: 'lookup', inputSchema: { type: 'object' } }];
  const word = fc.stringMatching(/^[a-z]{3,8}$/);
  /** An arguments object as entries; a value is a word or another object of entries. */
  type Entries = Array<[string, unknown]>;
  const entriesArbitrary: fc.Arbitrary<Entries> = fc.letrec<{ entries: Entries }>((tie) => ({
    entries: fc.uniqueArray(fc.tuple(fc.constantFrom(...keys), fc.oneof({ depthSize: 'small' }, word, tie('entries'))), { selector: ([key]) => key, maxLength: 3 }),
  })).entries;
  const text = (entries: Entries): string => `{${entries.map(([key, value]) => `${JSON.stringify(key)}: ${Array.isArray(value) ? text(value as Entries) : JSON.stringify(value)}`).join(', ')}}`;
  /** `entries` with one object, at any depth, given its key again; the path of that key. */
  function withTwice(entries: Entries, pick: number, value: string, path = ''): { entries: Entries; path: string } {
    const nested = entries.findIndex(([, inner]) => Array.isArray(inner));
    if (nested >= 0 && pick % 2 === 1) {
      const [key, inner] = entries[nested]!;
      const deeper = withTwice(inner as Entries, Math.floor(pick / 2), value, path === '' ? key : `${path}.${key}`);
      return { entries: entries.map((entry, index) => (index === nested ? [key, deeper.entries] : entry)), path: deeper.path };
    }
    const key = entries.length === 0 ? 'city' : entries[pick % entries.length]![0];
    const written: Entries = entries.length === 0 ? [['city', 'x']] : entries;
    return { entries: [...written, [key, value]], path: path === '' ? key : `${path}.${key}` };
  }
  const call = (input: string) => fromToolCall({ type: 'tool-call', toolCallId: 'c1', toolName: 'lookup', input });

  it('each key once: the object the provider sent; a key twice: a correction naming its path', () => {
    fc.assert(
      fc.property(entriesArbitrary, fc.nat(), word, (entries, pick, value) => {
        const once = text(entries);
        const clean = parseDecision('native', '', { tools, toolCalls: [call(once)] });
        expect(clean.success && clean.decision, once).toMatchObject({ action: 'call_tool', tool: 'lookup' });
        expect(clean.success && clean.decision.action === 'call_tool' && clean.decision.args, once).toEqual(JSON.parse(once));

        const twice = withTwice(entries, pick, value);
        const written = text(twice.entries);
        expect(call(written).arguments).toBe(written);
        const refused = parseDecision('native', '', { tools, toolCalls: [call(written)] });
        expect(refused.success, written).toBe(false);
        if (!refused.success) expect(refused.error.message, written).toContain(`\`${twice.path}\` is written twice`);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
