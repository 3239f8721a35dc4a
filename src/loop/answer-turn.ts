/**
 * Answers an accepted turn in the history, in the shape the codec's history strategy keeps
 * (`Codec.history`): `replies[i]` answers decision `i`, and so the native call `toolCallIds[i]`.
 * A streamed turn cut after its decision (`cutAfterDecision`) gets one more reply: the model is
 * told that what it wrote after the decision was not read, so a call it began there was not run.
 */
import type { CallReply } from '../protocols/history-strategy.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';

type AnsweredTurn = Pick<AcceptedTurn, 'toolCalls' | 'toolCallIds' | 'cutAfterDecision'>;

export const cutAfterDecisionNote: DecisionReply = {
  content: 'Only the first decision of your last reply was read (one per turn): what you wrote after it was not read, and no call in it was run.',
  isError: true,
};

/** Answers the turn; a native call without a reply gets `unanswered`. */
export function answerTurn(state: RunState, turn: AnsweredTurn, replies: readonly DecisionReply[], unanswered: DecisionReply): void {
  state.context.codec.history.appendReplies(state.transcript.messages, turn.toolCalls, callReplies(turn, replies), unanswered);
}

/** Answers the turn whose answer ends the run, where the protocol needs it answered (native). */
export function answerFinalTurn(state: RunState, turn: AnsweredTurn, replies: readonly DecisionReply[], delivered: DecisionReply): void {
  state.context.codec.history.appendAnswered(state.transcript.messages, turn.toolCalls, callReplies(turn, replies), delivered);
}

/** Each reply with its call's id, then the note of a turn cut after its decision. */
function callReplies(turn: AnsweredTurn, replies: readonly DecisionReply[]): CallReply[] {
  const ids = turn.toolCallIds;
  const paired: CallReply[] = replies.map((reply, index) => (ids?.[index] === undefined ? reply : { ...reply, callId: ids[index] }));
  if (turn.cutAfterDecision) paired.push(cutAfterDecisionNote);
  return paired;
}
