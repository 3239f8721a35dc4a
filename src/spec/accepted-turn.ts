/**
 * A model turn as the loop accepted it, and what answers each of its decisions in the history. The
 * loop runs turns of this shape and the durable run rebuilds them from the records.
 */
import type { Decision, Thought } from './decision.ts';
import type { ModelToolCall } from './model.ts';
import type { ActionNotes } from './action-notes.ts';

/** A model turn whose output was accepted. */
export interface AcceptedTurn {
  text: string;
  toolCalls: ModelToolCall[];
  decisions: Decision[];
  thoughts: Thought[];
  /** Native protocol: the tool call id each decision came from. */
  toolCallIds?: string[];
  /** The turn's status as the model wrote it (envelope), e.g. `ERROR_INTERNAL`. */
  status?: string;
  /** Per-action notes aligned with `decisions` (envelope: type, confidence, content source...). */
  actions?: ActionNotes[];
  /** Envelope: a non-empty `final_response` beside actions (the reason of ERROR_INTERNAL after cleanup). */
  finalResponse?: string;
  /** Set when the model reported that it failed (see `ParseResult.reportsFailure`): the run fails after the turn's actions. */
  reportsFailure?: { status: string };
  /** Set when the turn's outputs, stacked, are the answer (see `ParseResult.finalTurn`). */
  finalTurn?: true;
  /**
   * A streamed turn whose reading stopped at text the model wrote after its decision (a second call
   * it began): `text` ends with the decision, and the turn's replies tell the model the rest was not read.
   */
  cutAfterDecision?: true;
}

/** What answers one decision of a turn in the history. */
export interface DecisionReply {
  content: string;
  isError?: boolean;
  /** An output action (`send_response`): what reached the user, for the turn's stacked answer. */
  output?: { text: string; confidence?: number };
}
