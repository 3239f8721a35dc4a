/**
 * Prompt caching on the wire: an agent over the real provider packages, talking HTTP to the fixture
 * server. Anthropic's request bodies carry cache breakpoints on the system prompt and the newest
 * message (never more than 4), OpenAI's carry the run's prompt cache key, `promptCache: false`
 * sends neither, and the cache figures a provider reports reach the run's usage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEvent, createAgent, defineTool } from '../../src/index.ts';
import { fixture, type FixtureResponse, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import { providerAdapters } from './provider-adapters.ts';

const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city',
  input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  execute: () => '18°C, sunny',
});

const adapter = (name: string) => providerAdapters.find((row) => row.fixtures === name)!;

/** A recorded response with other usage figures (Anthropic's wire names). */
function withUsage(response: FixtureResponse, usage: Record<string, number>): FixtureResponse {
  const body = response.body as { usage: Record<string, unknown> };
  return { ...response, body: { ...body, usage: { ...body.usage, ...usage } } };
}

/** The body without its cache markers: what the provider would cache. */
function unmarked(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, item: unknown) => (key === 'cache_control' ? undefined : item)));
}

const breakpointsIn = (body: unknown) => JSON.stringify(body).split('"cache_control"').length - 1;

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

describe('prompt caching over Anthropic', () => {
  async function run(promptCache?: boolean) {
    const from = server.requests.length;
    server.enqueue(
      fixture('anthropic', 'tool-call'),
      withUsage(fixture('anthropic', 'tool-call'), { input_tokens: 40, cache_read_input_tokens: 380, cache_creation_input_tokens: 90 }),
      fixture('anthropic', 'text'),
    );
    const agent = createAgent({ model: adapter('anthropic').create(server.url), tools: [weather], protocol: 'native', stream: false, loopThreshold: Infinity, ...(promptCache === undefined ? {} : { promptCache }) });
    const handle = agent.run('What is the weather in Paris?');
    const events: AgentEvent[] = [];
    for await (const event of handle) events.push(event);
    return { result: await handle.result, events, bodies: server.requests.slice(from).map((request) => request.body) };
  }

  it('marks the system prompt and the newest message of every request, within 4 breakpoints', async () => {
    const { result, bodies } = await run();
    expect(result.status).toBe('answered');
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      expect(body.system.at(-1).cache_control).toEqual({ type: 'ephemeral' });
      expect(body.messages.at(-1).content.at(-1).cache_control).toEqual({ type: 'ephemeral' });
      expect(breakpointsIn(body)).toBe(2);
    }
    // Each request repeats the one before it, byte for byte once the markers are set aside.
    for (let index = 1; index < bodies.length; index++) {
      const before = unmarked(bodies[index - 1]) as { system: unknown; tools: unknown; messages: unknown[] };
      const now = unmarked(bodies[index]) as typeof before;
      expect(now.system).toEqual(before.system);
      expect(now.tools).toEqual(before.tools);
      expect(now.messages.slice(0, before.messages.length)).toEqual(before.messages);
      expect(now.messages.length).toBeGreaterThan(before.messages.length);
    }
  });

  it('reports the cache figures the provider gave, per turn and for the run', async () => {
    const { result, events } = await run();
    const turns = events.filter((event) => event.type === 'model-response').map((event) => event.usage);
    expect(turns[1]).toEqual({ inputTokens: 40 + 380 + 90, outputTokens: 68, cacheReadTokens: 380, cacheWriteTokens: 90 });
    expect(result.usage.cacheReadTokens).toBe(380);
    expect(result.usage.cacheWriteTokens).toBe(90);
    expect(result.usage.estimated).toBeUndefined();
    const end = events.at(-1) as Extract<AgentEvent, { type: 'run-end' }>;
    expect(end.usage).toEqual(result.usage);
  });

  it('promptCache: false sends no breakpoint', async () => {
    const { result, bodies } = await run(false);
    expect(result.status).toBe('answered');
    for (const body of bodies) expect(breakpointsIn(body)).toBe(0);
  });
});

describe('prompt caching over OpenAI', () => {
  async function run(promptCache?: boolean) {
    const from = server.requests.length;
    server.enqueue(fixture('openai', 'tool-call'), fixture('openai', 'text'));
    const agent = createAgent({ model: adapter('openai').create(server.url), tools: [weather], protocol: 'native', stream: false, ...(promptCache === undefined ? {} : { promptCache }) });
    const handle = agent.run('What is the weather in Paris?');
    const result = await handle.result;
    return { result, bodies: server.requests.slice(from).map((request) => request.body) };
  }

  it("sends the run's id as the prompt cache key on every request", async () => {
    const { result, bodies } = await run();
    expect(result.status).toBe('answered');
    expect(bodies.map((body) => body.prompt_cache_key)).toEqual([result.runId, result.runId]);
  });

  it('promptCache: false sends no key', async () => {
    const { bodies } = await run(false);
    expect(bodies.map((body) => body.prompt_cache_key)).toEqual([undefined, undefined]);
  });
});
