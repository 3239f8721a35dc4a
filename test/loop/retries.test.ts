import { describe, expect, it } from 'vitest';
import { RetriesExhaustedError } from '../../src/errors/retries-exhausted-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, requestText, textProtocols, turn } from './helpers.ts';

describe.each(textProtocols)('invalid output over %s', (protocol) => {
  it('is retried with the codec correction, which reaches the model', async () => {
    const tools = [addTool.spec];
    const model = new ScriptedModel([
      turn(protocol, [call('subtract', { a: 1, b: 2 })], tools),
      turn(protocol, [call('add', { a: 1, b: 2 })], tools),
      turn(protocol, [answer('3')], tools),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol }).run('1+2?'));

    expect(result.status).toBe('answered');
    const invalid = ofType(events, 'output-invalid');
    expect(invalid).toHaveLength(1);
    expect(invalid[0]).toMatchObject({ kind: 'unknown-tool', attempt: 1 });
    expect(invalid[0]?.reason).not.toBe('');
    // the correction went to the model in the retry request
    expect(requestText(model.calls[1]!)).toContain(invalid[0]!.correction);
    expect(ofType(events, 'model-request').map((event) => [event.step, event.attempt])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ]);
  });
});

describe('retries exhausted', () => {
  it('ends failed with RetriesExhaustedError carrying every error and the transcript', async () => {
    const model = new ScriptedModel(['not json at all', '{"action": "call_tool"}', 'still nothing']);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', maxRetries: 2 }).run('q'));

    expect(result.status).toBe('failed');
    expect(RetriesExhaustedError.isInstance(result.error)).toBe(true);
    const error = result.error as RetriesExhaustedError;
    expect(error.errors).toHaveLength(3);
    expect(error.lastError).toBe(error.errors[2]);
    expect(error.reason).toContain(error.lastError.kind);
    expect(error.transcript.length).toBeGreaterThanOrEqual(6);
    expect(ofType(events, 'output-invalid').map((event) => event.attempt)).toEqual([1, 2, 3]);
    model.assertComplete();
  });

  it('with maxRetries 0 the first invalid output ends the run', async () => {
    const model = new ScriptedModel(['nope']);
    const { result } = await collect(createAgent({ model, protocol: 'json', maxRetries: 0 }).run('q'));
    expect(RetriesExhaustedError.isInstance(result.error)).toBe(true);
    expect(model.calls).toHaveLength(1);
  });

  it('a wrong arg type is rejected with the details of the schema error', async () => {
    const codec = getCodec('json');
    const model = new ScriptedModel([
      codec.render({ decisions: [call('add', { a: 'one', b: 2 })] }),
      codec.render({ decisions: [answer('ok')] }),
    ]);
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('q'));
    const invalid = ofType(events, 'output-invalid')[0];
    expect(invalid?.kind).toBe('invalid-args');
    expect(ofType(events, 'tool-call')).toHaveLength(0);
  });
});
