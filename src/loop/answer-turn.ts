/**
 * Answers an accepted turn in the history, in the shape the codec's history strategy keeps
 * (`Codec.history`): `replies[i]` answers decision `i`, and so the native call `toolCallIds[i]`.
 */
import type { CallReply } from '../protocols/history-strategy.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';

type AnsweredTurn = Pick<AcceptedTurn, 'toolCalls' | 'toolCallIds'>;

/** Answers the turn; a native call without a reply gets `unanswered`. */
export function answerTurn(state: RunState, turn: AnsweredTurn, replies: readonly DecisionReply[], unanswered: DecisionReply): void {
  state.context.codec.history.appendReplies(state.transcript.messages, turn.toolCalls, callReplies(turn, replies), unanswered);
}

/** Answers the turn whose answer ends the run, where the protocol needs it answered (native). */
export function answerFinalTurn(state: RunState, turn: AnsweredTurn, replies: readonly DecisionReply[], delivered: DecisionReply): void {
  state.context.codec.history.appendAnswered(state.transcript.messages, turn.toolCalls, callReplies(turn, replies), delivered);
}

function callReplies(turn: AnsweredTurn, replies: readonly DecisionReply[]): CallReply[] {
  return replies.map((reply, index) => {
    const callId = turn.toolCallIds?.[index];
    return callId === undefined ? reply : { ...reply, callId };
  });
}
