/** RunResult.stepUsage (tokens per step, adding up to usage) and usageEstimated (a stream stopped early). */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { addUsage, emptyUsage, type Usage } from '../../src/spec/model.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

const used = (inputTokens: number, outputTokens: number): Usage => ({ inputTokens, outputTokens });
const sum = (usages: Usage[]) => usages.reduce(addUsage, emptyUsage());
const decide = (decisions: Parameters<typeof turn>[1], usage: Usage) => ({ text: turn('json', decisions, [addTool.spec]) as string, usage });

describe('stepUsage', () => {
  it('holds one entry per step, retries counted in their step, adding up to usage', async () => {
    const model = new ScriptedModel([
      { text: 'no decision here', usage: used(10, 1) },
      decide([call('add', { a: 1, b: 2 })], used(20, 2)),
      decide([call('add', { a: 3, b: 4 })], used(30, 3)),
      decide([answer('3 and 7')], used(40, 4)),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('sums'));
    expect(result.steps).toBe(3);
    expect(result.stepUsage).toEqual([used(30, 3), used(30, 3), used(40, 4)]);
    expect(sum(result.stepUsage)).toEqual(result.usage);
    expect(ofType(events, 'decision').map((event) => event.usage)).toEqual(result.stepUsage);
    expect(result.usageEstimated).toBe(false);
  });

  it('counts a best-effort last turn in the last step', async () => {
    const model = new ScriptedModel([decide([call('add', { a: 1, b: 1 })], used(5, 1)), decide([answer('2, probably')], used(7, 2))]);
    const agent = createAgent({ model, tools: [addTool], protocol: 'json', stream: false, maxSteps: 1, bestEffortAnswer: true });
    const { result } = await collect(agent.run('1+1'));
    expect(result.bestEffort).toBe(true);
    expect(result.stepUsage).toEqual([used(12, 3)]);
    expect(result.usage).toEqual(used(12, 3));
  });

  it('a resumed run keeps the stored steps and adds its own', async () => {
    const store = new MemoryStore();
    const first = new ScriptedModel([decide([call('add', { a: 1, b: 1 })], used(5, 1))]);
    const stopped = await collect(createAgent({ model: first, tools: [addTool], protocol: 'json', stream: false, maxSteps: 1, store }).run('1+1'));
    expect(stopped.result.status).toBe('failed');
    const second = new ScriptedModel([decide([answer('2')], used(9, 2))]);
    const resumed = await collect(createAgent({ model: second, tools: [addTool], protocol: 'json', stream: false, store }).resume(stopped.result.runId));
    expect(resumed.result.status).toBe('answered');
    expect(resumed.result.stepUsage).toEqual([used(5, 1), used(9, 2)]);
    expect(sum(resumed.result.stepUsage)).toEqual(resumed.result.usage);
  });
});

describe('usageEstimated', () => {
  const decision = turn('json', [answer('x')]) as string;

  it('is true when the stream was stopped at the decision before the provider reported usage', async () => {
    const model = new ScriptedModel([{ text: `${decision}\n\nAnd some more words after it.`, usage: used(100, 100) }], { chunkSize: 4 });
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('q'));
    expect(model.streams[0]?.completed).toBe(false);
    expect(result.usageEstimated).toBe(true);
    expect(result.usage).not.toEqual(used(100, 100));
    expect(result.stepUsage).toEqual([result.usage]);
  });

  it('is false when the stream ran to its end and reported usage', async () => {
    const model = new ScriptedModel([{ text: 'The answer is x.', usage: used(100, 5) }], { chunkSize: 4 });
    const { result } = await collect(createAgent({ model, protocol: 'xml' }).run('q'));
    expect(model.streams[0]?.completed).toBe(true);
    expect(result.usageEstimated).toBe(false);
    expect(result.usage).toEqual(used(100, 5));
  });
});
