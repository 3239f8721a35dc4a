/**
 * WAIT_USER: puts an `ask_user` decision to the UserChannel. Without a channel the model is told
 * that nobody can answer, so it decides on its own. An empty (or blank) reply is told to the model
 * as "no answer" (`userReplyContent`) rather than asked again: the person chose not to answer, and
 * the history the model reads keeps alternating (native: the ask_user call gets a tool message
 * with content). The `user-reply` event keeps the reply as given.
 */
import type { AskUserDecision } from '../spec/decision.ts';
import { callGuarded } from './approval.ts';
import { noUserReply, userReplyContent } from '../protocols/user-reply-content.ts';
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';

/** Announces the question (`user-question`), then puts it to the human. */
export async function askUser(state: RunState, decision: AskUserDecision): Promise<DecisionReply> {
  state.context.emit({ type: 'user-question', question: decision.question, why: decision.why });
  return putQuestion(state, decision);
}

/** Puts a question to the human; a resumed run asks the question announced before it stopped this way, without announcing it twice. */
export async function putQuestion(state: RunState, decision: AskUserDecision): Promise<DecisionReply> {
  const user = state.context.user;
  if (!user) return { content: noUserReply, isError: true };
  const reply = asText(await callGuarded(state.context, 'ask', () => user.ask({ question: decision.question, why: decision.why }, state.context.signal)));
  state.context.emit({ type: 'user-reply', reply });
  return { content: userReplyContent(reply) };
}

/** A callback written in plain JavaScript may return anything: nothing counts as an empty reply. */
export function asText(reply: unknown): string {
  if (typeof reply === 'string') return reply;
  return reply === undefined || reply === null ? '' : String(reply);
}
