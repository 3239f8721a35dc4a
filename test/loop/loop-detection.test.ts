import { describe, expect, it } from 'vitest';
import { LoopDetectedError } from '../../src/errors/loop-detected-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, allProtocols, answer, call, collect, ofType, turn } from './helpers.ts';

describe.each(allProtocols)('loop detection over %s', (protocol) => {
  const same = (tools = [addTool.spec]) => turn(protocol, [call('add', { a: 1, b: 1 })], tools);
  const options = { supportsTools: protocol === 'native' };

  it('the Nth identical call is not run and gets a corrective observation; one more stops the run', async () => {
    const model = new ScriptedModel([same(), same(), same(), same()], options);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol }).run('1+1?'));

    expect(ofType(events, 'tool-result')).toHaveLength(2);
    const warning = ofType(events, 'tool-error')[0];
    expect(warning?.observation).toContain('same arguments 3 times');
    expect(model.calls[3]?.messages.at(-1)?.content).toContain('same arguments 3 times');
    expect(result.status).toBe('failed');
    expect(LoopDetectedError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ toolName: 'add', repeats: 4, steps: 4 });
    expect((result.error as LoopDetectedError).transcript.length).toBeGreaterThan(0);
  });

  it('a different call after the warning resets the streak', async () => {
    const model = new ScriptedModel(
      [same(), same(), same(), turn(protocol, [call('add', { a: 2, b: 2 })], [addTool.spec]), turn(protocol, [answer('done')])],
      options,
    );
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol }).run('1+1?'));
    expect(result.status).toBe('answered');
  });
});

describe('loop detection threshold', () => {
  it('follows loopThreshold and compares args regardless of key order', async () => {
    const model = new ScriptedModel([
      JSON.stringify(call('add', { a: 1, b: 2 })),
      JSON.stringify(call('add', { b: 2, a: 1 })),
      JSON.stringify(call('add', { a: 1, b: 2 })),
    ]);
    const { result, events } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', loopThreshold: 2 }).run('q'));
    expect(ofType(events, 'tool-result')).toHaveLength(1);
    expect(LoopDetectedError.isInstance(result.error)).toBe(true);
  });
});
