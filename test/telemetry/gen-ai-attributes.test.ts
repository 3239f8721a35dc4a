/**
 * The recommended GenAI attributes on reins' spans, with a real provider package (OpenAI) over
 * HTTP to the fixture server: where the model is (`server.*`), what was asked (temperature, token
 * cap, agent name), what came back (finish reason, response id); a failed model call's `chat` span;
 * and a tool's own spans nested under its `execute_tool` span (AsyncLocalStorage context manager,
 * as a Node SDK registers it).
 */
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { createAgent } from '../../src/agent.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { fixture, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts';
import { answer, call, turn } from '../loop/helpers.ts';
import { spanTree } from './span-tree.ts';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = provider.getTracer('test');
const contextManager = new AsyncLocalStorageContextManager();
let server: FixtureServer;

beforeAll(async () => {
  server = await startFixtureServer();
  context.setGlobalContextManager(contextManager.enable());
});
afterAll(async () => {
  context.disable();
  await server?.close();
});
beforeEach(() => exporter.reset());

async function finished(): Promise<ReadableSpan[]> {
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

const openai = () => resolveModel('openai:gpt-4.1-mini', { baseURL: `${server.url}/v1`, apiKey: 'sk-test', retry: false });
const port = () => Number(new URL(server.url).port);

describe('GenAI attributes', () => {
  it('says where the model is, what was asked and what came back', async () => {
    server.enqueue(fixture('openai', 'json-answer'));
    const agent = createAgent({ model: openai(), protocol: 'json', stream: false, temperature: 0.2, maxOutputTokens: 256, telemetry: { tracer, agentName: 'weather-desk' } });
    const result = await agent.run('What is the weather in Paris?').result;
    expect(result.status).toBe('answered');
    const spans = await finished();
    const chat = spans.find((span) => span.name === 'chat gpt-4.1-mini');
    expect(chat?.attributes).toMatchObject({
      'server.address': '127.0.0.1',
      'server.port': port(),
      'gen_ai.request.temperature': 0.2,
      'gen_ai.request.max_tokens': 256,
      'gen_ai.agent.name': 'weather-desk',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.response.id': 'chatcmpl-B9MC7uJw2tZrQ1xK9pL4mN8vYcA',
      'gen_ai.response.model': 'gpt-4.1-mini-2025-04-14',
    });
    const root = spans.find((span) => span.name === 'invoke_agent weather-desk');
    expect(root?.attributes).toMatchObject({ 'gen_ai.agent.name': 'weather-desk', 'server.address': '127.0.0.1', 'server.port': port() });
  });

  it('marks a failed model call on its chat span: error status and error.type', async () => {
    server.enqueue(fixture('openai', 'bad-request', { status: 400 }));
    const result = await createAgent({ model: openai(), protocol: 'json', stream: false, telemetry: { tracer } }).run('q').result;
    expect(result.status).toBe('failed');
    const spans = await finished();
    const chat = spans.find((span) => span.name.startsWith('chat '));
    expect(chat?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Reins_ModelCallError' });
    expect(chat?.attributes['error.type']).toBe('Reins_ModelCallError');
    expect(chat?.events.map((event) => event.name)).toContain('exception');
  });
});

describe('a tool runs inside its execute_tool span', () => {
  const inner = trace.getTracer('tool-library');
  const lookup = defineTool({
    name: 'lookup',
    description: 'Looks a word up (its own instrumentation makes spans).',
    input: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
    execute: async ({ word }) => {
      inner.startSpan('cache.get').end();
      await new Promise((resolve) => setImmediate(resolve));
      return inner.startActiveSpan('http.get', (span) => {
        span.end();
        return `${String(word)}: found`;
      });
    },
  });
  const count = defineTool({
    name: 'count',
    description: 'Counts letters, synchronously.',
    input: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
    execute: ({ word }) => {
      inner.startSpan('count.letters').end();
      return String(String(word).length);
    },
  });

  it('nests the spans a local tool makes (before and after an await, and in a synchronous tool) under its execute_tool span', async () => {
    trace.setGlobalTracerProvider(provider);
    try {
      const model = new ScriptedModel([turn('json', [call('lookup', { word: 'rein' })]), turn('json', [call('count', { word: 'rein' })]), turn('json', [answer('4')])], { modelId: 'planner' });
      const result = await createAgent({ model, tools: [lookup, count], protocol: 'json', telemetry: { tracer } }).run('q').result;
      expect(result.status).toBe('answered');
    } finally {
      trace.disable();
    }
    const leaf = (name: string) => ({ name, children: [] });
    expect(spanTree(await finished())).toEqual([
      {
        name: 'invoke_agent',
        children: [
          leaf('chat planner'),
          { name: 'execute_tool lookup', children: [leaf('cache.get'), leaf('http.get')] },
          leaf('chat planner'),
          { name: 'execute_tool count', children: [leaf('count.letters')] },
          leaf('chat planner'),
        ],
      },
    ]);
  });
});
