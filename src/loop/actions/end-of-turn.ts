/**
 * What follows a turn once its actions ran, or once a failing action stopped it (the model is then
 * told which ran and which did not). A turn the codec read as final (`finalTurn`, envelope
 * SUCCESS_FINAL) answers with its outputs stacked; one that reports failure (`reportsFailure`,
 * envelope ERROR_INTERNAL) fails with ModelReportedError (the reason: `final_response`, else the
 * outputs). Otherwise the replies go into the history and the model thinks again.
 */
import type { Decision } from '../../spec/decision.ts';
import { ModelReportedError } from '../../errors/model-reported-error.ts';
import type { ActionNotes } from '../../protocols/codec.ts';
import { sanitizeName } from '../../protocols/sanitize.ts';
import { answerTurn } from '../answer-turn.ts';
import { snapshot } from '../snapshot.ts';
import type { AcceptedTurn, DecisionReply } from '../../spec/accepted-turn.ts';
import type { Phase, RunState } from '../run-state.ts';
import { actionRoute } from '../../protocols/action-route.ts';

/** The THINKING phase: it carries nothing, so every step shares this one (frozen) object. */
export const thinkingPhase: Phase = Object.freeze({ name: 'THINKING' });

const notRun: DecisionReply = { content: 'Not run: an earlier action of this turn failed.', isError: true };

/** The action's name as the model wrote it. */
function actionName(decision: Decision, notes: ActionNotes | undefined): string {
  if (decision.action === 'call_tool') return decision.tool;
  const route = actionRoute(decision, notes);
  if (route === 'ask') return notes?.type ? 'request_user_input' : 'ask_user';
  if (route === 'output') return 'send_response';
  return route === 'fail' ? 'fail_step' : 'answer_user';
}

/** True when the turn must stop before decision `index`: the action before it failed. */
export function stoppedBefore(turn: AcceptedTurn, index: number, replies: readonly DecisionReply[]): boolean {
  return index > 0 && index < turn.decisions.length && replies[index - 1]?.isError === true;
}

/** What the model reads about the actions a failure skipped. */
function skippedNote(turn: AcceptedTurn, replies: readonly DecisionReply[]): DecisionReply | undefined {
  const ran = replies.length;
  if (ran >= turn.decisions.length || ran === 0) return undefined;
  const name = (index: number) => `${index + 1} (\`${sanitizeName(actionName(turn.decisions[index] as Decision, turn.actions?.[index]))}\`)`;
  const skipped = turn.decisions.slice(ran).map((_decision, offset) => name(ran + offset));
  return { content: `Action ${name(ran - 1)} failed, so the turn's later actions were not run: ${skipped.join(', ')}.`, isError: true };
}

/** The lowest confidence the outputs carry, if any does. */
function leastConfidence(outputs: readonly { confidence?: number }[]): number | undefined {
  const given = outputs.flatMap((output) => (output.confidence === undefined ? [] : [output.confidence]));
  return given.length ? Math.min(...given) : undefined;
}

/** The outputs the replies carry, in order (none for a turn of tool calls: no list is made). */
function outputsOf(replies: readonly DecisionReply[]): readonly NonNullable<DecisionReply['output']>[] {
  let outputs: NonNullable<DecisionReply['output']>[] | undefined;
  for (const reply of replies) if (reply.output) (outputs ??= []).push(reply.output);
  return outputs ?? noOutputs;
}

const noOutputs: readonly NonNullable<DecisionReply['output']>[] = Object.freeze([]);

export function endOfTurn(state: RunState, turn: AcceptedTurn, replies: DecisionReply[]): Phase {
  const outputs = outputsOf(replies);
  const stacked = outputs.length === 0 ? '' : outputs.map((output) => output.text).join('\n\n');
  const complete = replies.length === turn.decisions.length;
  const note = skippedNote(turn, replies);
  if (turn.reportsFailure) {
    answerTurn(state, turn, note ? [...replies, note] : replies, notRun);
    throw new ModelReportedError({ status: turn.reportsFailure.status, message: turn.finalResponse ?? stacked, ...snapshot(state) });
  }
  if (turn.finalTurn && complete && outputs.length > 0) {
    const confidence = leastConfidence(outputs);
    return { name: 'END', answer: stacked, delivered: true, ...(confidence === undefined ? {} : { confidence }) };
  }
  answerTurn(state, turn, note ? [...replies, note] : replies, notRun);
  return thinkingPhase;
}
