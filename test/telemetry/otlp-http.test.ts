/**
 * reins' spans through the OTLP/HTTP exporter (JSON) to a receiver on loopback: what a collector,
 * Langfuse or Phoenix would get.
 */
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAgent } from '../../src/agent.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { otlpAttribute, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.ts';
import { addTool, answer, call, turn } from '../loop/helpers.ts';

let receiver: OtlpReceiver;
let endpoint = '';
beforeAll(async () => {
  receiver = await startOtlpReceiver();
  endpoint = `${receiver.origin}/v1/traces`;
});
afterAll(() => receiver?.close());

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
  expect(receiver.requests.map((request) => [request.path, request.type])).toEqual([['/v1/traces', 'application/json']]);
  const spans = receiver.spans();
  expect(spans.map((span) => span.name).sort()).toEqual(['chat planner-1', 'chat planner-1', 'execute_tool add', 'invoke_agent']);
  const root = spans.find((span) => span.name === 'invoke_agent');
  expect(spans.filter((span) => span !== root).every((span) => span.parentSpanId === root?.spanId)).toBe(true);
  expect(otlpAttribute(root?.attributes, 'gen_ai.operation.name')).toBe('invoke_agent');
  expect(otlpAttribute(spans.find((span) => span.name === 'execute_tool add')?.attributes, 'gen_ai.tool.name')).toBe('add');
});
