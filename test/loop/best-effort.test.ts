import { describe, expect, it } from 'vitest';
import { MaxStepsError } from '../../src/errors/max-steps-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, allProtocols, answer, call, collect, ofType, turn } from './helpers.ts';

describe.each(allProtocols)('best-effort last turn over %s', (protocol) => {
  const tools = [addTool.spec];
  const options = { supportsTools: protocol === 'native' };

  it('after maxSteps, one turn without tools gives an answer; the run stays failed with the limit error', async () => {
    const model = new ScriptedModel(
      [turn(protocol, [call('add', { a: 1, b: 1 })], tools), turn(protocol, [call('add', { a: 2, b: 2 })], tools), turn(protocol, [answer('About 4.')], tools)],
      options,
    );
    const { events, result } = await collect(
      createAgent({ model, tools: [addTool], protocol, maxSteps: 2, bestEffortAnswer: true }).run('q'),
    );

    expect(result.status).toBe('failed');
    expect(MaxStepsError.isInstance(result.error)).toBe(true);
    expect(result).toMatchObject({ answer: 'About 4.', bestEffort: true });
    expect(ofType(events, 'answer')).toEqual([expect.objectContaining({ answer: 'About 4.', bestEffort: true })]);
    const last = model.calls[2]!;
    expect(last.messages.at(-1)?.content).toContain('No more tools can be called');
    if (protocol === 'native') expect(last.toolChoice).toBe('none');
    expect(events.at(-1)?.type).toBe('run-end');
  });

  it(protocol === 'xml' ? 'is on by default for xml (seed 002: "I tried but couldn\'t finish")' : 'is off by default', async () => {
    const model = new ScriptedModel(
      [turn(protocol, [call('add', { a: 1, b: 1 })], tools), ...(protocol === 'xml' ? [turn(protocol, [answer('About 2.')], tools)] : [])],
      options,
    );
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol, maxSteps: 1 }).run('q'));
    if (protocol === 'xml') {
      expect(result).toMatchObject({ status: 'failed', answer: 'About 2.', bestEffort: true });
      expect(model.calls).toHaveLength(2);
    } else {
      expect(result.answer).toBeUndefined();
      expect(model.calls).toHaveLength(1);
    }
  });

  it('bestEffortAnswer: false turns it off, true turns it on, whatever the protocol default', async () => {
    const off = new ScriptedModel([turn(protocol, [call('add', { a: 1, b: 1 })], tools)], options);
    const offRun = await collect(createAgent({ model: off, tools: [addTool], protocol, maxSteps: 1, bestEffortAnswer: false }).run('q'));
    expect(offRun.result.answer).toBeUndefined();
    expect(off.calls).toHaveLength(1);
    const on = new ScriptedModel([turn(protocol, [call('add', { a: 1, b: 1 })], tools), turn(protocol, [answer('Two.')], tools)], options);
    const onRun = await collect(createAgent({ model: on, tools: [addTool], protocol, maxSteps: 1, bestEffortAnswer: true }).run('q'));
    expect(onRun.result).toMatchObject({ answer: 'Two.', bestEffort: true });
  });
});

describe('best-effort turn that still calls a tool', () => {
  it('gives no answer and runs nothing', async () => {
    const model = new ScriptedModel([JSON.stringify(call('add', { a: 1, b: 1 })), JSON.stringify(call('add', { a: 5, b: 1 }))]);
    const { events, result } = await collect(
      createAgent({ model, tools: [addTool], protocol: 'json', maxSteps: 1, bestEffortAnswer: true }).run('q'),
    );
    expect(result.status).toBe('failed');
    expect(result.answer).toBeUndefined();
    expect(ofType(events, 'tool-result')).toHaveLength(1);
  });
});
