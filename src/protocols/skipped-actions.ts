/**
 * What the model reads when a failing action stopped its turn: which action failed and which later
 * ones were not run, each by the name the model wrote. Shared by the loop's own routes and the
 * envelope's runner, so every protocol says it the same way.
 */
import type { Decision } from '../spec/decision.ts';
import type { ActionNotes } from '../spec/action-notes.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import { actionRoute } from './action-route.ts';
import { sanitizeName } from './sanitize.ts';

/** The action's name as the model wrote it. */
function actionName(decision: Decision, notes: ActionNotes | undefined): string {
  if (decision.action === 'call_tool') return decision.tool;
  const route = actionRoute(decision, notes);
  if (route === 'ask') return notes?.type ? 'request_user_input' : 'ask_user';
  if (route === 'output') return 'send_response';
  return route === 'fail' ? 'fail_step' : 'answer_user';
}

/** The note after `replies` when the turn has decisions they do not reach (the last reply failed); undefined otherwise. */
export function skippedActions(turn: AcceptedTurn, replies: readonly DecisionReply[]): DecisionReply | undefined {
  const ran = replies.length;
  if (ran >= turn.decisions.length || ran === 0) return undefined;
  const name = (index: number) => `${index + 1} (\`${sanitizeName(actionName(turn.decisions[index] as Decision, turn.actions?.[index]))}\`)`;
  const skipped = turn.decisions.slice(ran).map((_decision, offset) => name(ran + offset));
  return { content: `Action ${name(ran - 1)} failed, so the turn's later actions were not run: ${skipped.join(', ')}.`, isError: true };
}

/** What answers, in the history, a decision a failure stopped. */
export const notRunReply: DecisionReply = { content: 'Not run: an earlier action of this turn failed.', isError: true };
