/**
 * End to end: createAgent over real provider packages talking HTTP to the fixture server.
 * The agent calls a local tool and answers; with the `json` protocol the first turn's stream is
 * abandoned as soon as the decision is complete, so the chatter after it is never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../src/index.ts';
import type { Model } from '../../src/models/model.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';

const adapters: Array<{ fixtures: string; create: (url: string) => Model }> = [
  { fixtures: 'openai', create: (url) => resolveModel('openai:gpt-4.1-mini', { baseURL: `${url}/v1`, apiKey: 'sk-test' }) },
  {
    fixtures: 'anthropic',
    create: (url) => resolveModel('anthropic:claude-sonnet-4-5', { baseURL: `${url}/v1`, apiKey: 'sk-ant-test' }),
  },
  { fixtures: 'ollama', create: (url) => resolveModel('ollama:qwen3:8b', { baseURL: url }) },
  { fixtures: 'openai-compatible', create: (url) => resolveModel(`openai-compatible:Qwen/Qwen2.5-7B-Instruct@${url}/v1`) },
];

function weatherTool(calls: Array<Record<string, unknown>>) {
  return defineTool({
    name: 'get_weather',
    description: 'Current weather for a city',
    input: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
    execute: (args) => {
      calls.push(args);
      return '18°C, sunny';
    },
  });
}

describe.each(adapters)('createAgent over $fixtures', ({ fixtures, create }) => {
  let server: FixtureServer;
  let model: Model;
  beforeAll(async () => {
    server = await startFixtureServer();
    model = create(server.url);
  });
  afterAll(() => server.close());

  it("protocol 'json': calls the tool, answers, and stops the first stream right after the decision", async () => {
    const before = server.requests.length;
    server.enqueue(
      fixture(fixtures, 'stream-decision.chunks', { chunkDelayMs: 10 }),
      fixture(fixtures, 'stream-answer.chunks'),
    );
    const calls: Array<Record<string, unknown>> = [];
    const agent = createAgent({ model, tools: [weatherTool(calls)], protocol: 'json' });
    const run = agent.run('What is the weather in Paris?');
    const types: string[] = [];
    for await (const event of run) types.push(event.type);
    const result = await run.result;

    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 18°C and sunny in Paris.');
    expect(calls).toEqual([{ city: 'Paris' }]);
    expect(types.indexOf('tool-result')).toBeGreaterThan(types.indexOf('tool-call'));

    const [first, second] = server.requests.slice(before);
    await first!.done;
    expect(first!.closedEarly).toBe(true);
    expect(first!.chunksTotal - first!.chunksSent).toBeGreaterThan(40);
    expect(JSON.stringify(second!.body)).toContain('18°C, sunny');
  });

  it("protocol 'native': the provider's tool call runs the tool, then plain text is the answer", async () => {
    const before = server.requests.length;
    server.enqueue(fixture(fixtures, 'stream-tool-call.chunks'), fixture(fixtures, 'stream-text.chunks'));
    const calls: Array<Record<string, unknown>> = [];
    const agent = createAgent({ model, tools: [weatherTool(calls)], protocol: 'native' });
    const run = agent.run('What is the weather in Paris?');
    const result = await run.result;

    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 18°C and sunny in Paris.');
    expect(calls).toEqual([{ city: 'Paris' }]);
    const [first, second] = server.requests.slice(before);
    expect(JSON.stringify(first!.body)).toContain('get_weather');
    expect(JSON.stringify(second!.body)).toContain('18°C, sunny');
  });
});
