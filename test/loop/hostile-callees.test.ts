/**
 * Callees that ignore the run's signal: a user callback that never settles, a model whose call or
 * stream stalls, a tool that never returns. Abort and `maxDurationMs` must end the run anyway.
 */
import { describe, expect, it } from 'vitest';
import { BudgetExceededError } from '../../src/errors/budget-exceeded-error.ts';
import { RunCancelledError } from '../../src/errors/run-cancelled-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { Model, ModelRequest, ModelStreamPart } from '../../src/spec/model.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { ask, call, collect, turn } from './helpers.ts';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** A model that hangs in `generate` and ignores `request.signal`. */
const deafModel: Model = { provider: 'hostile', modelId: 'deaf', supportsTools: false, generate: () => never() };

/** A model whose stream sends a few characters, then stalls without looking at the signal. */
const stallingModel: Model = {
  provider: 'hostile',
  modelId: 'stalling',
  supportsTools: false,
  generate: () => never(),
  stream: (_request: ModelRequest): AsyncIterable<ModelStreamPart> => ({
    [Symbol.asyncIterator]: () => {
      let sent = false;
      return {
        next: async () => {
          if (sent) return never();
          sent = true;
          return { done: false, value: { type: 'text-delta', text: '{"action": "answer_' } };
        },
      };
    },
  }),
};

const stuckTool = defineTool({
  name: 'stuck',
  description: 'Never returns and ignores its signal.',
  input: { type: 'object', properties: {} },
  execute: () => never<string>(),
});

const askTurn = turn('json', [ask('Which city?')]);

/** Each hostile setup: the agent options that make the run wait on a callee that never settles. */
const hostile = {
  'a user callback': () => ({ model: new ScriptedModel([askTurn]), user: () => never<string>() }),
  'a user channel': () => ({ model: new ScriptedModel([askTurn]), user: { ask: () => never<string>() } }),
  'an approval': () => ({
    model: new ScriptedModel([turn('json', [call('stuck', {})])]),
    tools: [stuckTool],
    approval: () => 'ask' as const,
    user: { ask: () => never<string>(), approve: () => never<boolean>() },
  }),
  'an approval policy': () => ({ model: new ScriptedModel([turn('json', [call('stuck', {})])]), tools: [stuckTool], approval: () => never<'allow'>() }),
  'a model call': () => ({ model: deafModel }),
  'a stalled stream': () => ({ model: stallingModel }),
  'a mock model': () => ({ model: new MockModel(() => never<string>()) }),
  'a tool': () => ({ model: new ScriptedModel([turn('json', [call('stuck', {})])]), tools: [stuckTool], toolTimeoutMs: 10 * 60_000 }),
} as const;

describe.each(Object.keys(hostile) as Array<keyof typeof hostile>)('%s that never settles', (name) => {
  it('ends the run cancelled when the caller aborts, and the stored run ends', async () => {
    const store = new MemoryStore();
    const controller = new AbortController();
    const agent = createAgent({ protocol: 'json', store, ...hostile[name]() });
    const run = agent.run('q', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('ctrl-c')), 20);
    const { result } = await collect(run);
    expect(result.status).toBe('cancelled');
    expect(RunCancelledError.isInstance(result.error)).toBe(true);
    expect((await store.loadRun(result.runId)).summary.status).toBe('cancelled');
  });

  it('ends the run with the time budget error when maxDurationMs runs out', async () => {
    const agent = createAgent({ protocol: 'json', maxDurationMs: 30, ...hostile[name]() });
    const { result } = await collect(agent.run('q'));
    expect(result.status).toBe('failed');
    expect(BudgetExceededError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ budget: 'time' });
  });
});

describe('the user callback', () => {
  it('gets the run signal, aborted when the run is cancelled', async () => {
    const controller = new AbortController();
    let seen: AbortSignal | undefined;
    const user = (_question: unknown, signal?: AbortSignal) => {
      seen = signal;
      controller.abort();
      return never<string>();
    };
    const { result } = await collect(createAgent({ protocol: 'json', model: new ScriptedModel([askTurn]), user }).run('q', { signal: controller.signal }));
    expect(result.status).toBe('cancelled');
    expect(seen?.aborted).toBe(true);
  });
});
