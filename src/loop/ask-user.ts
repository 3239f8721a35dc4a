/**
 * WAIT_USER: puts an `ask_user` decision to the UserChannel. Without a channel the model is told
 * that nobody can answer, so it decides on its own.
 */
import type { AskUserDecision } from '../decision.ts';
import { callGuarded } from './approval.ts';
import type { DecisionReply, RunState } from './run-state.ts';

export const noUserReply =
  'No user is available to answer questions in this run. Continue without asking: use what you know, or answer.';

export async function askUser(state: RunState, decision: AskUserDecision): Promise<DecisionReply> {
  state.emit({ type: 'user-question', question: decision.question, why: decision.why });
  const user = state.user;
  if (!user) return { content: noUserReply, isError: true };
  const reply = await callGuarded(state, 'ask', () =>
    user.ask({ question: decision.question, why: decision.why }, state.signal),
  );
  state.emit({ type: 'user-reply', reply });
  return { content: reply };
}
