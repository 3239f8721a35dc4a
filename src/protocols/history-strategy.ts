/**
 * How a protocol keeps the conversation: what the assistant message of a turn holds and what
 * answers it. The loop shapes a live run's history with it and `rebuildTranscript` reshapes a stored
 * run with the same one, so the two can never disagree. Each codec names its strategy
 * (`Codec.history`): `textHistory` (the reply is text, answered by one user message) or
 * `toolMessageHistory` (the reply carries native tool calls, each answered by a tool message).
 */
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { ModelMessage, ModelToolCall } from '../spec/model.ts';

/** A reply to one decision of a turn; `callId` pairs it with the native tool call it answers. */
export interface CallReply extends DecisionReply {
  callId?: string;
}

export interface HistoryStrategy {
  /** `tool-messages`: replies are tool messages paired with native calls; `text`: one user message. */
  readonly kind: 'text' | 'tool-messages';
  /** Appends the assistant message of a turn (with its native calls, where the strategy keeps them). */
  appendTurn(messages: ModelMessage[], text: string, toolCalls: readonly ModelToolCall[]): void;
  /**
   * Answers a turn. With `unanswered`, every native call without a reply gets it and nothing is left
   * open; without it, the calls still without a reply are returned (a stored run that stopped).
   */
  appendReplies(messages: ModelMessage[], toolCalls: readonly ModelToolCall[], replies: readonly CallReply[], unanswered?: DecisionReply): ModelToolCall[];
  /**
   * A rejected turn: the raw turn, then the correction. `offered` are the tool names the request
   * offered: a rejected native call never enters the history under a name that would pass for one.
   */
  appendCorrection(messages: ModelMessage[], text: string, toolCalls: readonly ModelToolCall[], correction: string, offered: readonly string[]): void;
  /** The turn whose answer ends the run: answered too where the protocol needs every call answered. */
  appendAnswered(messages: ModelMessage[], toolCalls: readonly ModelToolCall[], replies: readonly CallReply[], delivered: DecisionReply): void;
  /** The native call id of each decision of a stored turn, when its decisions were read from its calls. */
  callIds(toolCalls: readonly ModelToolCall[], decisions: number): string[] | undefined;
}
