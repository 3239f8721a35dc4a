/**
 * End to end: createAgent over real provider packages talking HTTP to the fixture server.
 * The agent calls a local tool and answers; with the `json` protocol the first turn's stream is
 * abandoned as soon as the decision is complete, so the chatter after it is never sent. With
 * `protocol: 'auto'` the agent speaks `native` to these tool-calling models, and `json` when the
 * model is marked `supportsTools: false`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEvent, createAgent, defineTool } from '../../src/index.ts';
import type { Model } from '../../src/spec/model.ts';
import { fixture, type FixtureServer, startFixtureServer } from '../helpers/fixture-server.ts';
import { providerAdapters } from './provider-adapters.ts';

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

describe.each(providerAdapters)('createAgent over $fixtures', ({ fixtures, create }) => {
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
  it("protocol 'auto' picks native for a tool-calling model: tools go on the wire and the provider's tool call runs", async () => {
    const before = server.requests.length;
    server.enqueue(fixture(fixtures, 'stream-tool-call.chunks'), fixture(fixtures, 'stream-text.chunks'));
    const calls: Array<Record<string, unknown>> = [];
    const agent = createAgent({ model, tools: [weatherTool(calls)], protocol: 'auto' });
    expect(agent.protocol).toBe('native');
    const run = agent.run('What is the weather in Paris?');
    const events: AgentEvent[] = [];
    for await (const event of run) events.push(event);
    const result = await run.result;

    expect(events.find((event) => event.type === 'run-start')).toMatchObject({ protocol: 'native' });
    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 18°C and sunny in Paris.');
    expect(calls).toEqual([{ city: 'Paris' }]);
    const [first] = server.requests.slice(before);
    expect(JSON.stringify(first!.body.tools)).toContain('get_weather');
  });

  it("protocol 'auto' picks json for a model marked supportsTools: false: no tools on the wire, the decision is text", async () => {
    const before = server.requests.length;
    server.enqueue(fixture(fixtures, 'stream-decision.chunks'), fixture(fixtures, 'stream-answer.chunks'));
    const calls: Array<Record<string, unknown>> = [];
    const agent = createAgent({ model: create(server.url, { supportsTools: false }), tools: [weatherTool(calls)] });
    expect(agent.protocol).toBe('json');
    const result = await agent.run('What is the weather in Paris?').result;

    expect(result.status).toBe('answered');
    expect(result.answer).toBe('It is 18°C and sunny in Paris.');
    expect(calls).toEqual([{ city: 'Paris' }]);
    const [first, second] = server.requests.slice(before);
    expect(first!.body.tools).toBeUndefined();
    expect(JSON.stringify(first!.body)).toContain('get_weather');
    expect(second!.body.tools).toBeUndefined();
  });
});
