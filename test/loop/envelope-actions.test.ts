import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import { getCodec } from '../../src/protocols/index.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, ask, call, collect, ofType, weatherTool } from './helpers.ts';

const envelope = getCodec('envelope');

describe('envelope with several actions', () => {
  it('with maxActionsPerTurn 2 runs both actions in order and returns both observations in one message', async () => {
    const model = new ScriptedModel([
      envelope.render({ decisions: [call('add', { a: 1, b: 2 }), call('weather', { city: 'Rome' })] }),
      envelope.render({ decisions: [answer('3, and sunny in Rome')] }),
    ]);
    const { events, result } = await collect(
      createAgent({ model, tools: [addTool, weatherTool], protocol: 'envelope', maxActionsPerTurn: 2 }).run('q'),
    );
    expect(result.status).toBe('answered');
    expect(ofType(events, 'tool-call').map((event) => event.tool)).toEqual(['add', 'weather']);
    expect(ofType(events, 'decision')[0]?.decisions).toHaveLength(2);
    const fedBack = model.calls[1]?.messages.at(-1);
    expect(fedBack?.role).toBe('user');
    expect(fedBack?.content.indexOf('3')).toBeLessThan(fedBack?.content.indexOf('Rome') ?? -1);
    expect(result.steps).toBe(2);
  });

  it('a tool call and a question in one turn: the tool runs, then the user is asked', async () => {
    const model = new ScriptedModel([
      envelope.render({ decisions: [call('add', { a: 1, b: 2 }), ask('Round it?')] }),
      envelope.render({ decisions: [answer('3')] }),
    ]);
    const { events } = await collect(
      createAgent({ model, tools: [addTool], protocol: 'envelope', maxActionsPerTurn: 2, user: () => 'no' }).run('q'),
    );
    const order = events.map((event) => event.type).filter((type) => ['tool-result', 'user-question', 'user-reply'].includes(type));
    expect(order).toEqual(['tool-result', 'user-question', 'user-reply']);
  });

  it('by default the envelope runs several actions; with maxActionsPerTurn 1, two actions are rejected with a correction', async () => {
    const turns = () => [
      envelope.render({ decisions: [call('add', { a: 1, b: 2 }), call('add', { a: 3, b: 4 })] }),
      envelope.render({ decisions: [answer('ok')] }),
    ];
    const byDefault = await collect(createAgent({ model: new ScriptedModel(turns()), tools: [addTool], protocol: 'envelope' }).run('q'));
    expect(ofType(byDefault.events, 'tool-call')).toHaveLength(2);
    const model = new ScriptedModel(turns());
    const { events } = await collect(createAgent({ model, tools: [addTool], protocol: 'envelope', maxActionsPerTurn: 1 }).run('q'));
    expect(ofType(events, 'output-invalid')[0]?.kind).toBe('too-many-actions');
    expect(ofType(events, 'tool-call')).toHaveLength(0);
  });
});
