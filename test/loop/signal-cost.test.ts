/**
 * Waits on the run's signal cost no composite signal and no listener per wait: a streamed turn's
 * signal and a tool call's signal follow the run's through `abortWaiters`, so a run without a
 * caller signal never calls `AbortSignal.any` and adds one `abort` listener to its signal whatever
 * its number of steps. Cancellation still reaches a streamed turn and a running tool.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { addTool, answer, call, turn } from './helpers.ts';

const steps = [
  turn('json', [call('add', { a: 1, b: 2 })], [addTool.spec]),
  turn('json', [call('add', { a: 3, b: 4 })], [addTool.spec]),
  turn('json', [call('add', { a: 5, b: 6 })], [addTool.spec]),
  turn('json', [answer('done')]),
];

describe('waits on the run signal', () => {
  afterEach(() => vi.restoreAllMocks());

  it('make no composite signal per streamed turn or tool call', async () => {
    const any = vi.spyOn(AbortSignal, 'any');
    const agent = createAgent({ model: new ScriptedModel(steps, { recordCalls: false }), tools: [addTool], protocol: 'json' });
    const result = await agent.run('sum').result;
    expect(result.status).toBe('answered');
    expect(result.steps).toBe(4);
    expect(any).not.toHaveBeenCalled();
  });

  it('add at most one abort listener to any signal, whatever the number of steps', async () => {
    const listen = vi.spyOn(AbortSignal.prototype, 'addEventListener');
    const agent = createAgent({ model: new ScriptedModel(steps, { recordCalls: false }), tools: [addTool], protocol: 'json' });
    const result = await agent.run('sum').result;
    expect(result.status).toBe('answered');
    const listened = listen.mock.contexts as AbortSignal[];
    for (const signal of new Set(listened)) expect(listened.filter((context) => context === signal).length).toBe(1);
  });

  it('add one abort listener to a caller signal shared by many runs, and cancel every one of them', async () => {
    const controller = new AbortController();
    const listen = vi.spyOn(AbortSignal.prototype, 'addEventListener');
    const runs = Array.from({ length: 20 }, () =>
      createAgent({ model: new ScriptedModel(steps, { recordCalls: false, delayMs: 60_000 }), tools: [addTool], protocol: 'json' }).run('sum', { signal: controller.signal }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listen.mock.contexts.filter((context) => context === controller.signal).length).toBe(1);
    controller.abort(new Error('shutdown'));
    const results = await Promise.all(runs.map((run) => run.result));
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: 20 }, () => 'cancelled'));
  });

  it('still stop a running tool when the caller cancels', async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const wait = defineTool({
      name: 'wait',
      description: 'Waits until stopped.',
      input: { type: 'object', properties: {} },
      execute: (_args, { signal }) => {
        toolSignal = signal;
        setImmediate(() => controller.abort(new Error('stop')));
        return new Promise<string>(() => undefined);
      },
    });
    const model = new ScriptedModel([turn('json', [call('wait', {})], [wait.spec])], { recordCalls: false });
    const result = await createAgent({ model, tools: [wait], protocol: 'json' }).run('go', { signal: controller.signal }).result;
    expect(result.status).toBe('cancelled');
    expect(toolSignal?.aborted).toBe(true);
    expect((toolSignal?.reason as Error).message).toBe('stop');
  });
});
