/**
 * OpenTelemetry spans of a scripted run with a correction, a tool error, an approval and an MCP
 * call on the real server-everything (Streamable HTTP), read back from the SDK's in-memory exporter.
 */
import { SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectServers, type McpServers } from '../../src/mcp/index.ts';
import { createAgent } from '../../src/agent.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { answer, call, turn } from '../loop/helpers.ts';
import { startEverythingHttp } from './everything-http.ts';
import { spanTree } from './span-tree.ts';

const SECRET = 'sk-live-0123456789abcdef';
const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = provider.getTracer('test');

const explode = defineTool({
  name: 'explode',
  description: 'Always fails.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  execute: () => {
    throw new Error('boom');
  },
});
const deleteNote = defineTool({
  name: 'delete_note',
  description: 'Deletes a note.',
  input: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  annotations: { destructiveHint: true },
  execute: ({ id }) => `deleted ${String(id)}`,
});

let servers: McpServers;
let stopServer: () => Promise<void>;
beforeAll(async () => {
  const everything = await startEverythingHttp();
  stopServer = everything.stop;
  servers = await connectServers({ mcpServers: { everything: { url: everything.url } } });
});
afterAll(async () => {
  await servers?.close();
  await stopServer?.();
});
beforeEach(() => exporter.reset());

const script = () =>
  new ScriptedModel(
    [
      'I think I should echo something first.',
      turn('json', [call('echo', { message: `token ${SECRET}` })]),
      turn('json', [call('explode', {})]),
      // The model writes on after its decision (an invented observation): the stream is stopped there.
      `${turn('json', [call('delete_note', { id: 'n1' })])}\nObservation: deleted`,
      turn('json', [answer('all done')]),
    ],
    { modelId: 'planner-1' },
  );

function agent(options: { recordContent?: boolean; global?: boolean } = {}) {
  const user = { ask: async () => '', approve: async () => true };
  const telemetry = options.global ? { recordContent: options.recordContent } : { tracer, recordContent: options.recordContent, secrets: [SECRET] };
  return createAgent({ model: script(), tools: [servers.toolbox, explode, deleteNote], protocol: 'json', user, telemetry });
}

/** The spans exported so far (the processor exports each ended span asynchronously). */
async function finished(): Promise<ReadableSpan[]> {
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

const byName = (spans: readonly ReadableSpan[], name: string) => spans.filter((span) => span.name === name);

describe('OpenTelemetry spans of a run', () => {
  it('builds the exact span tree: invoke_agent > chat per model call, execute_tool per call', async () => {
    const result = await agent().run('tidy up').result;
    expect(result.status).toBe('answered');
    const chat = { name: 'chat planner-1', children: [] };
    const tool = (name: string) => ({ name: `execute_tool ${name}`, children: [] });
    expect(spanTree(await finished())).toEqual([
      { name: 'invoke_agent', children: [chat, chat, tool('echo'), chat, tool('explode'), chat, tool('delete_note'), chat] },
    ]);
  });

  it('writes the GenAI attributes, reins facts, the MCP call, the approval and typed error names', async () => {
    const run = agent().run('tidy up');
    const { runId } = await run.result;
    const spans = await finished();
    const [root] = byName(spans, 'invoke_agent');
    expect(root?.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'scripted',
      'gen_ai.request.model': 'planner-1',
      'gen_ai.conversation.id': runId,
      'reins.protocol': 'json',
      'reins.status': 'answered',
      'reins.steps': 4,
    });
    // The delete_note turn's stream is stopped at the text after its decision, before the model reports
    // usage: the run's tokens are partly estimated, so they are written as reins' estimate, not as GenAI usage.
    expect(root?.attributes['reins.usage.estimated.input_tokens']).toBeGreaterThan(0);
    expect(root?.attributes['gen_ai.usage.input_tokens']).toBeUndefined();
    expect(root?.status.code).toBe(SpanStatusCode.UNSET);

    const chats = byName(spans, 'chat planner-1');
    expect(chats[0]?.attributes).toMatchObject({ 'gen_ai.operation.name': 'chat', 'gen_ai.response.model': 'planner-1', 'reins.output.invalid_kind': expect.any(String), 'reins.correction.sent': true, 'reins.attempt': 1 });
    expect(chats[0]?.events.map((event) => event.name)).toEqual(['reins.output_invalid']);
    expect(chats[1]?.attributes).toMatchObject({ 'reins.attempt': 2, 'reins.repaired': false, 'reins.decision.action': ['call_tool'] });
    // A stream read to its end has the model's usage; the one stopped after its decision, reins' estimate.
    expect(chats[1]?.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
    expect(chats[1]?.attributes['reins.usage.estimated.output_tokens']).toBeUndefined();
    expect(chats[3]?.attributes['reins.usage.estimated.output_tokens']).toBeGreaterThan(0);
    expect(chats[3]?.attributes['gen_ai.usage.output_tokens']).toBeUndefined();

    const [echo] = byName(spans, 'execute_tool echo');
    expect(echo?.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'echo',
      'gen_ai.tool.call.id': expect.any(String),
      'mcp.method.name': 'tools/call',
      'mcp.session.id': expect.stringMatching(/.+/),
      'reins.mcp.server': 'everything',
    });

    const [failed] = byName(spans, 'execute_tool explode');
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Reins_ToolExecutionError' });
    expect(failed?.attributes['error.type']).toBe('Reins_ToolExecutionError');

    const [approved] = byName(spans, 'execute_tool delete_note');
    expect(approved?.attributes['reins.approval.verdict']).toBe('approved');
    expect(approved?.events.map((event) => event.name)).toEqual(['reins.approval_request', 'reins.approval_reply']);
  });

  it('records no content unless asked, and masks secrets in content when asked', async () => {
    await agent().run(`tidy up ${SECRET}`).result;
    const plain = await finished();
    expect(plain.some((span) => Object.keys(span.attributes).some((key) => key.startsWith('gen_ai.input') || key === 'gen_ai.tool.call.arguments'))).toBe(false);
    exporter.reset();

    await agent({ recordContent: true }).run(`tidy up ${SECRET}`).result;
    const spans = await finished();
    const [echo] = byName(spans, 'execute_tool echo');
    expect(JSON.parse(String(echo?.attributes['gen_ai.tool.call.arguments']))).toEqual({ message: 'token [redacted]' });
    expect(String(echo?.attributes['gen_ai.tool.call.result'])).toContain('[redacted]');
    const chats = byName(spans, 'chat planner-1');
    expect(String(chats[0]?.attributes['gen_ai.input.messages'])).toContain('tidy up [redacted]');
    expect(chats[0]?.events[0]?.attributes?.['reins.correction']).toEqual(expect.any(String));
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toContain(SECRET);
  });

  it('uses the global tracer provider with no configuration, and costs nothing without one', async () => {
    await agent({ global: true }).run('tidy up').result;
    expect(await finished()).toEqual([]);
    trace.setGlobalTracerProvider(provider);
    try {
      await agent({ global: true }).run('tidy up').result;
      expect(spanTree(await finished()).map((node) => [node.name, node.children.length])).toEqual([['invoke_agent', 8]]);
    } finally {
      trace.disable();
    }
  });
});
