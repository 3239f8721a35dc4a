/** What one model call returned, before the loop judged it. */
import type { ParseResult } from '../protocols/codec.ts';
import type { FinishReason, ModelToolCall, Usage } from '../spec/model.ts';

export interface RawTurn {
  text: string;
  toolCalls: ModelToolCall[];
  usage: Usage;
  modelId: string;
  /** True when `usage` is (partly) estimated: the stream stopped, or was cut, before the provider reported usage. */
  usageEstimated?: boolean;
  /** A valid parse of the turn, when the stream already made one (it stops right after a valid decision). */
  parsed?: Extract<ParseResult, { success: true }>;
  /** Why the model stopped, when it said (a stream stopped early by reins has none). */
  finishReason?: FinishReason;
  /** The provider's id of the response, when it gave one. */
  responseId?: string;
  /** The stream stopped at text the model wrote after its decision: `text` ends with the decision. */
  cutAfterDecision?: true;
}
