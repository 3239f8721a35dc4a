/**
 * What follows an envelope turn once its actions ran, or once a failing action stopped it (the model
 * is then told which ran and which did not). ERROR_INTERNAL (`reportsFailure`) fails the run with
 * ModelReportedError (the reason: `final_response`, else the outputs). SUCCESS_FINAL (`finalTurn`)
 * whose actions all ran answers with its outputs stacked, or with `final_response` when it has none
 * (its other actions were clean-up). Otherwise the replies go into the history and the model thinks again.
 */
import type { AcceptedTurn, DecisionReply } from '../../spec/accepted-turn.ts';
import { ModelReportedError } from '../../errors/model-reported-error.ts';
import { notRunReply, skippedActions } from '../skipped-actions.ts';
import type { TurnEnd, TurnHost } from '../turn-runner.ts';

/** What answers the turn whose answer ended the run (where the history keeps one). */
export const answerDelivered: DecisionReply = { content: 'Answer delivered to the user.' };

/** The lowest confidence the outputs carry, if any does. */
function leastConfidence(outputs: readonly { confidence?: number }[]): number | undefined {
  const given = outputs.flatMap((output) => (output.confidence === undefined ? [] : [output.confidence]));
  return given.length ? Math.min(...given) : undefined;
}

/** The answer of a SUCCESS_FINAL turn whose actions all ran: its outputs stacked, else `final_response`. */
function finalAnswer(outputs: readonly NonNullable<DecisionReply['output']>[], finalResponse: string | undefined): TurnEnd | undefined {
  if (outputs.length > 0) {
    const confidence = leastConfidence(outputs);
    return { kind: 'answer', answer: outputs.map((output) => output.text).join('\n\n'), delivered: true, ...(confidence === undefined ? {} : { confidence }) };
  }
  return finalResponse === undefined ? undefined : { kind: 'answer', answer: finalResponse };
}

/** `finalResponse` is the turn's `final_response` with its variables filled (undefined when it has none). */
export function turnEnd(host: TurnHost, turn: AcceptedTurn, replies: readonly DecisionReply[], finalResponse: string | undefined): TurnEnd {
  const outputs = replies.flatMap((reply) => (reply.output ? [reply.output] : []));
  const note = skippedActions(turn, replies);
  const answered = note ? [...replies, note] : replies;
  if (turn.reportsFailure) {
    host.answerTurn(turn, answered, notRunReply);
    const message = finalResponse ?? outputs.map((output) => output.text).join('\n\n');
    throw new ModelReportedError({ status: turn.reportsFailure.status, message, ...host.snapshot() });
  }
  const end = turn.finalTurn && replies.length === turn.decisions.length ? finalAnswer(outputs, finalResponse) : undefined;
  if (end) {
    host.answerFinalTurn(turn, replies, answerDelivered);
    return end;
  }
  host.answerTurn(turn, answered, notRunReply);
  return { kind: 'continue' };
}
