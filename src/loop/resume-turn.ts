/**
 * The two actions a resumed run puts to the human again: an `ask_user` question that was waiting
 * for its reply, and a tool call that was waiting for approval. Both were announced (and stored)
 * before the run stopped, so they are not announced twice: the question is asked without a second
 * `user-question`, the call runs without a second `tool-call` (its approval is requested again).
 */
import type { AskUserDecision, CallToolDecision } from '../spec/decision.ts';
import { callGuarded } from './approval.ts';
import { noUserReply, userReplyContent } from '../protocols/user-reply-content.ts';
import { asText } from './ask-user.ts';
import { executeToolCall } from './execute-tool-call.ts';
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';

export async function askAgain(state: RunState, decision: AskUserDecision): Promise<DecisionReply> {
  const user = state.user;
  if (!user) return { content: noUserReply, isError: true };
  const reply = asText(await callGuarded(state, 'ask', () => user.ask({ question: decision.question, why: decision.why }, state.signal)));
  state.emit({ type: 'user-reply', reply });
  return { content: userReplyContent(reply) };
}

export async function runAnnouncedCall(state: RunState, decision: CallToolDecision, callId: string): Promise<DecisionReply> {
  const emit = state.emit;
  state.emit = (event) => {
    if (event.type !== 'tool-call') emit(event);
  };
  try {
    return await executeToolCall(state, decision, callId);
  } finally {
    state.emit = emit;
  }
}
