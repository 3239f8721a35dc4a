/**
 * `answerTurn` pairs each reply with its native call's id by a plain loop; the strategy must get
 * what `replies.map` gave: a new list, each reply copied with `callId` where the turn has one (same
 * keys, same order), any other reply as it is.
 */
import { describe, expect, it } from 'vitest';
import { answerFinalTurn, answerTurn } from '../../src/loop/answer-turn.ts';
import type { RunState } from '../../src/loop/run-state.ts';
import type { CallReply, HistoryStrategy } from '../../src/protocols/history-strategy.ts';
import type { DecisionReply } from '../../src/spec/accepted-turn.ts';
import { seededRandom } from '../../src/testing/seeded-random.ts';

function reference(toolCallIds: string[] | undefined, replies: readonly DecisionReply[]): CallReply[] {
  return replies.map((reply, index) => {
    const callId = toolCallIds?.[index];
    return callId === undefined ? reply : { ...reply, callId };
  });
}

function given(toolCallIds: string[] | undefined, replies: readonly DecisionReply[], final: boolean): readonly CallReply[] {
  let seen: readonly CallReply[] = [];
  const record = (_messages: unknown, _calls: unknown, paired: readonly CallReply[]) => {
    seen = paired;
    return [];
  };
  const history = { appendReplies: record, appendAnswered: record } as unknown as HistoryStrategy;
  const state = { context: { codec: { history } }, transcript: { messages: [] } } as unknown as RunState;
  const unanswered: DecisionReply = { content: 'none' };
  if (final) answerFinalTurn(state, { toolCalls: [], toolCallIds }, replies, unanswered);
  else answerTurn(state, { toolCalls: [], toolCallIds }, replies, unanswered);
  return seen;
}

describe('answerTurn', () => {
  it('pairs replies with call ids as replies.map did, over random turns', () => {
    const random = seededRandom(13);
    for (let round = 0; round < 300; round++) {
      const count = Math.floor(random() * 4);
      const replies: DecisionReply[] = Array.from({ length: count }, (_, index) => {
        const reply: DecisionReply = { content: `r${index}` };
        if (random() < 0.4) reply.isError = true;
        if (random() < 0.2) reply.output = { text: 'o' };
        return reply;
      });
      const ids = random() < 0.3 ? undefined : Array.from({ length: Math.floor(random() * 5) }, (_, index) => `id${index}`);
      const seen = given(ids, replies, random() < 0.5);
      const expected = reference(ids, replies);
      expect(seen).toStrictEqual(expected);
      expect(seen).not.toBe(replies);
      seen.forEach((reply, index) => {
        expect(Object.keys(reply)).toEqual(Object.keys(expected[index] as CallReply));
        if (expected[index] === replies[index]) expect(reply).toBe(replies[index]);
      });
    }
  });
});
