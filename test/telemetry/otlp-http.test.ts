/**
 * reins' spans through the OTLP/HTTP exporter (JSON) to a receiver on loopback: what a collector,
 * Langfuse or Phoenix would get.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAgent } from '../../src/telemetry/create-agent.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { addTool, answer, call, turn } from '../loop/helpers.ts';

interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number; message?: string };
}

const received: { path: string; type: string; spans: OtlpSpan[] }[] = [];
let receiver: Server;
let endpoint = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
      const spans = payload.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
      received.push({ path: request.url ?? '', type: request.headers['content-type'] ?? '', spans });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  }).listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/v1/traces`;
});
afterAll(() => receiver?.close());

const attribute = (span: OtlpSpan | undefined, key: string) => {
  const value = span?.attributes.find((entry) => entry.key === key)?.value;
  return value && Object.values(value)[0];
};

it('exports the run, chat and execute_tool spans over OTLP/HTTP to a loopback receiver', async () => {
  const provider = new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter({ url: endpoint }) })] });
  try {
    const model = new ScriptedModel([turn('json', [call('add', { a: 2, b: 3 })]), turn('json', [answer('5')])], { modelId: 'planner-1' });
    const agent = createAgent({ model, tools: [addTool], protocol: 'json', telemetry: { tracer: provider.getTracer('reins-test') } });
    const { status } = await agent.run('2 + 3?').result;
    expect(status).toBe('answered');
    await provider.forceFlush();
  } finally {
    await provider.shutdown();
  }
  expect(received.map((request) => [request.path, request.type])).toEqual([['/v1/traces', 'application/json']]);
  const spans = received.flatMap((request) => request.spans);
  expect(spans.map((span) => span.name).sort()).toEqual(['chat planner-1', 'chat planner-1', 'execute_tool add', 'invoke_agent']);
  const root = spans.find((span) => span.name === 'invoke_agent');
  expect(spans.filter((span) => span !== root).every((span) => span.parentSpanId === root?.spanId)).toBe(true);
  expect(attribute(root, 'gen_ai.operation.name')).toBe('invoke_agent');
  expect(attribute(spans.find((span) => span.name === 'execute_tool add'), 'gen_ai.tool.name')).toBe('add');
});
