/**
 * An empty (or blank) reply to `ask_user` is told to the model as such: the history it is sent keeps
 * alternating (no two assistant messages in a row; native: the ask_user call gets a tool message
 * with content), for every protocol.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { ModelMessage } from '../../src/spec/model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { allProtocols, answer, ask, collect, ofType, turn } from './helpers.ts';

function expectAlternating(messages: readonly ModelMessage[]): void {
  for (let index = 1; index < messages.length; index++) {
    const pair = `${messages[index - 1]!.role} then ${messages[index]!.role} at ${index}`;
    expect(messages[index - 1]!.role === 'assistant' && messages[index]!.role === 'assistant', pair).toBe(false);
    expect(messages[index - 1]!.role === 'user' && messages[index]!.role === 'user', pair).toBe(false);
  }
  // an assistant message may be only its native tool calls
  for (const message of messages) {
    if (message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0) continue;
    expect(message.content.trim(), `${message.role} message is empty`).not.toBe('');
  }
}

describe.each(allProtocols)('an empty reply to ask_user over %s', (protocol) => {
  it.each(['', '  \n '])('is told to the model as no answer (reply %j)', async (reply) => {
    const model = new ScriptedModel([turn(protocol, [ask('Which city?')]), turn(protocol, [answer('Paris, by default')])], {
      supportsTools: protocol === 'native',
    });
    const { events, result } = await collect(createAgent({ model, protocol, user: () => reply }).run('Weather?'));
    expect(result.status).toBe('answered');
    expect(ofType(events, 'user-reply').map((event) => event.reply)).toEqual([reply]);
    const sent = model.calls[1]!.messages;
    expectAlternating(sent);
    const last = sent.at(-1)!;
    expect(last.role).toBe(protocol === 'native' ? 'tool' : 'user');
    expect(last.content).toMatch(/no answer/i);
  });
});
