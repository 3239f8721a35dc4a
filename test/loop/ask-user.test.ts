import { describe, expect, it } from 'vitest';
import { UserChannelError } from '../../src/errors/user-channel-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { noUserReply } from '../../src/protocols/user-reply-content.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { allProtocols, answer, ask, collect, ofType, requestText, turn } from './helpers.ts';

describe.each(allProtocols)('ask_user over %s', (protocol) => {
  it('asks through a callback and gives the reply to the model', async () => {
    const model = new ScriptedModel([turn(protocol, [ask('Which city?', 'weather is local')]), turn(protocol, [answer('Sunny in Oslo.')])], {
      supportsTools: protocol === 'native',
    });
    const questions: string[] = [];
    const user = (question: { question: string; why: string }) => {
      questions.push(`${question.question} / ${question.why}`);
      return 'Oslo';
    };
    const { events, result } = await collect(createAgent({ model, protocol, user }).run('Weather?'));

    expect(result.status).toBe('answered');
    expect(questions).toEqual(['Which city? / weather is local']);
    expect(ofType(events, 'user-question')[0]).toMatchObject({ question: 'Which city?', why: 'weather is local' });
    expect(ofType(events, 'user-reply')[0]?.reply).toBe('Oslo');
    expect(model.calls[1]?.messages.at(-1)?.content).toContain('Oslo');
  });
});

describe('ask_user without a user', () => {
  it('tells the model nobody can answer', async () => {
    const model = new ScriptedModel([JSON.stringify(ask('Which city?')), JSON.stringify(answer('I will assume Oslo.'))]);
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('Weather?'));
    expect(result.status).toBe('answered');
    expect(requestText(model.calls[1]!)).toContain(noUserReply);
  });

  it('a throwing user channel ends the run with UserChannelError', async () => {
    const model = new ScriptedModel([JSON.stringify(ask('Which city?'))]);
    const user = { ask: async () => Promise.reject(new Error('terminal closed')) };
    const { result } = await collect(createAgent({ model, protocol: 'json', user }).run('Weather?'));
    expect(result.status).toBe('failed');
    expect(UserChannelError.isInstance(result.error)).toBe(true);
    expect(result.error?.fault).toBe('user');
  });
});
