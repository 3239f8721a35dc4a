/**
 * A model turn as the loop accepted it, and what answers each of its decisions in the history. The
 * loop runs turns of this shape and the durable run rebuilds them from the records.
 */
import type { Decision, Thought } from './decision.ts';
import type { ModelToolCall } from './model.ts';

/** A model turn whose output was accepted. */
export interface AcceptedTurn {
  text: string;
  toolCalls: ModelToolCall[];
  decisions: Decision[];
  thoughts: Thought[];
  /** Native protocol: the tool call id each decision came from. */
  toolCallIds?: string[];
  /** Set when the model reported that it failed (see `ParseResult.reportsFailure`): the run fails after the turn's actions. */
  reportsFailure?: { status: string };
}

/** What answers one decision of a turn in the history. */
export interface DecisionReply {
  content: string;
  isError?: boolean;
}
