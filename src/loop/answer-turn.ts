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

/** Each reply with its call's id (a copy of the list either way); a plain loop, no closure per turn. */
function callReplies(turn: AnsweredTurn, replies: readonly DecisionReply[]): CallReply[] {
  const paired: CallReply[] = replies.slice();
  const ids = turn.toolCallIds;
  if (ids === undefined) return paired;
  for (let index = 0; index < paired.length; index++) {
    const callId = ids[index];
    if (callId !== undefined && index in paired) paired[index] = { ...(paired[index] as DecisionReply), callId };
  }
  return paired;
}
