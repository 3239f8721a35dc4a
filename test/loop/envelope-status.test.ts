import { describe, expect, it } from 'vitest';
import { ModelReportedError } from '../../src/errors/model-reported-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType } from './helpers.ts';

const envelope = getCodec('envelope');

describe('envelope status and action notes in the loop', () => {
  it('ERROR_INTERNAL with a final_response ends the run failed with the model message, not answered', async () => {
    const failure = '{"status":"ERROR_INTERNAL","thoughts":[],"actions":[],"final_response":"I cannot reach the pricing API."}';
    const model = new ScriptedModel([failure]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope', bestEffortAnswer: true }).run('q'));
    expect(result.status).toBe('failed');
    expect(result.answer).toBeUndefined();
    expect(ModelReportedError.isInstance(result.error)).toBe(true);
    const error = result.error as ModelReportedError;
    expect([error.name, error.fault, error.status, error.message]).toEqual(['Reins_ModelReportedError', 'model', 'ERROR_INTERNAL', 'I cannot reach the pricing API.']);
    expect(error.steps).toBe(1);
    expect(error.transcript.at(-1)).toMatchObject({ role: 'assistant', content: failure });
    expect(ofType(events, 'decision')[0]?.status).toBe('ERROR_INTERNAL');
    expect(ofType(events, 'answer')).toHaveLength(0);
    expect(ofType(events, 'run-end')[0]).toMatchObject({ status: 'failed', error });
    model.assertComplete();
  });

  it('ERROR_INTERNAL with a cleanup tool call runs the tool, then the run fails (seed 003: the run ends on ERROR_INTERNAL)', async () => {
    const model = new ScriptedModel([envelope.render({ decisions: [call('add', { a: 1, b: 2 })], status: 'ERROR_INTERNAL', finalResponse: 'Giving up.' })]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('q'));
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['add']);
    expect([result.status, result.error?.message]).toEqual(['failed', 'Giving up.']);
    model.assertComplete();
  });

  it('ERROR_INTERNAL with a cleanup call and a send_response runs the cleanup, then fails with the message', async () => {
    const turn = envelope.render({ decisions: [call('add', { a: 1, b: 2 }), answer('Pricing API down; cleaned up.')], status: 'ERROR_INTERNAL' });
    const model = new ScriptedModel([turn]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope', maxActionsPerTurn: 2 }).run('q'));
    expect(ofType(events, 'tool-result').map((event) => event.tool)).toEqual(['add']);
    expect(result.status).toBe('failed');
    expect(ModelReportedError.isInstance(result.error)).toBe(true);
    expect(result.error?.message).toBe('Pricing API down; cleaned up.');
    expect(ofType(events, 'answer')).toHaveLength(0);
  });

  it('the decision event carries each action type, confidence and warnings, and the status', async () => {
    const turn = JSON.stringify({
      status: 'REQUIRES_ACTION',
      thoughts: [],
      actions: [{ action: 'add', type: 'tool', params: { a: 1, b: 2 }, confidence: 0.85, warnings: ['b is a guess'] }],
      final_response: '',
    });
    const model = new ScriptedModel([turn, envelope.render({ decisions: [answer('3')] })]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope' }).run('q'));
    const [first, last] = ofType(events, 'decision');
    expect([first?.actions, first?.status]).toEqual([[{ type: 'tool', confidence: 0.85, warnings: ['b is a guess'] }], 'REQUIRES_ACTION']);
    expect([last?.actions, last?.status]).toEqual([[{}], 'SUCCESS_FINAL']);
    expect(result.status).toBe('answered');
  });

  it('other protocols add no notes or status to the decision event', async () => {
    const model = new ScriptedModel([getCodec('json').render({ decisions: [answer('3')] })]);
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('q'));
    const [decision] = ofType(events, 'decision');
    expect(decision && ['actions' in decision, 'status' in decision]).toEqual([false, false]);
  });
});
