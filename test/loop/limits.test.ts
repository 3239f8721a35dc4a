import { describe, expect, it } from 'vitest';
import { BudgetExceededError } from '../../src/errors/budget-exceeded-error.ts';
import { ConfigError } from '../../src/errors/config-error.ts';
import { MaxStepsError } from '../../src/errors/max-steps-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { addTool, answer, call, collect, ofType } from './helpers.ts';

const counting = (n: number) => Array.from({ length: n }, (_, index) => JSON.stringify(call('add', { a: index, b: 1 })));

describe('maxSteps', () => {
  it('ends failed with MaxStepsError after maxSteps turns, carrying the transcript', async () => {
    const model = new ScriptedModel(counting(3));
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', maxSteps: 3 }).run('count'));
    expect(result.status).toBe('failed');
    expect(MaxStepsError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ maxSteps: 3, steps: 3 });
    expect((result.error as MaxStepsError).transcript).toEqual(result.transcript);
    expect(ofType(events, 'tool-result')).toHaveLength(3);
    expect(model.calls).toHaveLength(3);
  });

  it('defaults to 20', async () => {
    const model = new ScriptedModel(counting(20));
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('count'));
    expect(result.error).toMatchObject({ maxSteps: 20 });
  });

  it('rejects nonsense options with ConfigError', () => {
    const model = new ScriptedModel([]);
    expect(() => createAgent({ model, maxSteps: 0 })).toThrow(ConfigError);
    expect(() => createAgent({ model, protocol: 'yaml' as never })).toThrow(ConfigError);
  });
});

describe('token budget', () => {
  it('stops with BudgetExceededError once the summed usage passes maxTokens', async () => {
    const usage = { inputTokens: 40, outputTokens: 10 };
    const model = new MockModel([
      { text: JSON.stringify(call('add', { a: 1, b: 1 })), usage },
      { text: JSON.stringify(call('add', { a: 2, b: 2 })), usage },
      { text: JSON.stringify(answer('never')), usage },
    ]);
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', maxTokens: 80 }).run('q'));
    expect(result.status).toBe('failed');
    expect(BudgetExceededError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ budget: 'tokens', limit: 80, used: 100 });
    expect(model.calls).toHaveLength(2);
  });

  it('an answer that crosses the budget is still accepted', async () => {
    const model = new MockModel({ text: JSON.stringify(answer('fine')), usage: { inputTokens: 500, outputTokens: 5 } });
    const { result } = await collect(createAgent({ model, protocol: 'json', maxTokens: 100 }).run('q'));
    expect(result.status).toBe('answered');
  });
});

describe('time budget', () => {
  it('aborts a slow tool and ends with BudgetExceededError (time)', async () => {
    let toolSignal: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'Takes long.',
      input: { type: 'object', properties: {} },
      execute: (_args, { signal }) =>
        new Promise<string>((resolve, reject) => {
          toolSignal = signal;
          const timer = setTimeout(() => resolve('late'), 10_000);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(signal.reason);
          });
        }),
    });
    const model = new ScriptedModel([JSON.stringify(call('slow', {}))]);
    const { result } = await collect(createAgent({ model, tools: [slow], protocol: 'json', maxDurationMs: 50 }).run('q'));
    expect(result.status).toBe('failed');
    expect(BudgetExceededError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ budget: 'time', limit: 50 });
    expect(toolSignal?.aborted).toBe(true);
  });
});
