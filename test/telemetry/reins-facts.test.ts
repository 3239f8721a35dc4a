/**
 * reins' own facts on the spans beyond a plain run: loop detection, a resumed run, an observer
 * that throws (it never changes the run), and the observer used on its own before its API loaded.
 */
import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import type { AgentEvent } from '../../src/spec/events.ts';
import { createAgent } from '../../src/agent.ts';
import { telemetryObserver } from '../../src/telemetry/telemetry-observer.ts';
import { ScriptedModel } from '../../src/testing/index.ts';
import { addTool, answer, call, turn } from '../loop/helpers.ts';

const exporter = new InMemorySpanExporter();
const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
const tracer = provider.getTracer('test');
beforeEach(() => exporter.reset());

async function finished(): Promise<ReadableSpan[]> {
  await provider.forceFlush();
  return exporter.getFinishedSpans();
}

describe('reins facts on spans', () => {
  it('marks a detected loop on the call that was not run and on the run it ended', async () => {
    const same = turn('json', [call('add', { a: 1, b: 1 })]);
    const model = new ScriptedModel([same, same, same, same]);
    const result = await createAgent({ model, tools: [addTool], protocol: 'json', telemetry: { tracer } }).run('loop').result;
    expect(result.status).toBe('failed');
    const spans = await finished();
    const calls = spans.filter((span) => span.name === 'execute_tool add');
    expect(calls.map((span) => span.attributes['reins.loop_detected'] ?? false)).toEqual([false, false, true]);
    expect(calls[2]?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Reins_LoopDetectedError' });
    const root = spans.find((span) => span.name === 'invoke_agent');
    expect(root?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'Reins_LoopDetectedError' });
    expect(root?.attributes).toMatchObject({ 'reins.loop_detected': true, 'reins.status': 'failed', 'error.type': 'Reins_LoopDetectedError' });
    expect(root?.events.map((event) => event.name)).toContain('reins.loop_detected');
  });

  it('marks a resumed run, on the same conversation id, with how many calls were found interrupted', async () => {
    const store = new MemoryStore();
    const id = await store.createRun({ question: 'q', protocol: 'json' });
    const action = { action: 'call_tool' as const, tool: 'add', args: { a: 1, b: 2 }, reason: 'r' };
    await store.appendStep(id, { type: 'run-start', step: 0, question: 'q', protocol: 'json', tools: [] });
    await store.appendStep(id, { type: 'model-request', step: 1, attempt: 1, system: 'S', messages: [{ role: 'user', content: 'q' }] });
    await store.appendStep(id, { type: 'decision', step: 1, repaired: false, dialect: 'json', thoughts: [], decision: action, decisions: [action] });
    await store.appendStep(id, { type: 'tool-call-start', step: 1, callId: 'call_1_1', tool: 'add', args: action.args });
    const model = new ScriptedModel([turn('json', [answer('3')])]);
    const run = createAgent({ model, tools: [addTool], protocol: 'json', store, telemetry: { tracer } }).resume(id);
    const events = [];
    for await (const event of run) events.push(event);
    expect((await run.result).status).toBe('answered');
    const resumed = events.find((event) => event.type === 'run-resume');
    const root = (await finished()).find((span) => span.name === 'invoke_agent');
    expect(root?.attributes).toMatchObject({ 'reins.resume': true, 'gen_ai.conversation.id': id, 'reins.status': 'answered' });
    expect(root?.events.find((event) => event.name === 'reins.resume')?.attributes).toEqual({ 'reins.interrupted_calls': resumed?.type === 'run-resume' ? resumed.interruptedCalls.length : -1 });
  });

  it('keeps a run unchanged when an observer throws', async () => {
    const model = new ScriptedModel([turn('json', [answer('fine')])]);
    const observers = [
      () => {
        throw new Error('observer bug');
      },
    ];
    const result = await createAgent({ model, protocol: 'json', observers, telemetry: { tracer } }).run('q').result;
    expect(result).toMatchObject({ status: 'answered', answer: 'fine' });
    expect((await finished()).map((span) => span.name).sort()).toEqual(['chat scripted', 'invoke_agent']);
  });

  it('traces, in order, the events a standalone observer was given before @opentelemetry/api loaded', async () => {
    const events: AgentEvent[] = [];
    const model = new ScriptedModel([turn('json', [call('add', { a: 1, b: 2 })]), turn('json', [answer('3')])]);
    await createAgent({ model, tools: [addTool], protocol: 'json', telemetry: false, observers: [(event) => events.push(event)] }).run('q').result;
    const observer = telemetryObserver({ provider: 'scripted', model: 'scripted' }, { tracer });
    for (const event of events) observer(event);
    await observer.ready?.();
    const spans = await finished();
    expect(spans.map((span) => span.name)).toEqual(['chat scripted', 'execute_tool add', 'chat scripted', 'invoke_agent']);
    expect(spans.at(-1)?.attributes).toMatchObject({ 'reins.status': 'answered', 'gen_ai.conversation.id': events[0]?.runId });
  });
});
