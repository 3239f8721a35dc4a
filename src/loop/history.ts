/**
 * Keeps the history in the shape each protocol needs. Text protocols: the assistant turn is the raw
 * text and what answers it is one user message. Native: the assistant message carries its tool
 * calls and every call is answered by a tool message, also when it was invalid, refused or skipped.
 */
import type { ModelMessage, ModelToolCall } from '../models/model.ts';
import type { DecisionReply, RunState } from './run-state.ts';

export function appendAssistantTurn(state: RunState, text: string, toolCalls: ModelToolCall[]): void {
  const message: ModelMessage = { role: 'assistant', content: text };
  if (state.codec.native && toolCalls.length > 0) message.toolCalls = toolCalls;
  state.messages.push(message);
}

/**
 * Answers a turn. `replies[i]` answers decision `i` (native: the call `toolCallIds[i]`); native
 * calls with no reply are answered with `unanswered`.
 */
export function appendReplies(
  state: RunState,
  turn: { toolCalls: ModelToolCall[]; toolCallIds?: string[] },
  replies: DecisionReply[],
  unanswered: DecisionReply,
): void {
  if (state.codec.native && turn.toolCalls.length > 0) {
    for (const call of turn.toolCalls) {
      const index = turn.toolCallIds?.indexOf(call.id) ?? -1;
      const reply = (index >= 0 ? replies[index] : undefined) ?? unanswered;
      const message: ModelMessage = { role: 'tool', toolCallId: call.id, toolName: call.name, content: reply.content };
      if (reply.isError) message.isError = true;
      state.messages.push(message);
    }
    return;
  }
  const text = replies.map((reply) => reply.content).filter((content) => content !== '');
  if (text.length > 0) state.messages.push({ role: 'user', content: text.join('\n\n') });
}

/** After invalid output: the raw turn, then the correction (native: on every call of the turn). */
export function appendCorrection(state: RunState, text: string, toolCalls: ModelToolCall[], correction: string): void {
  appendAssistantTurn(state, text, toolCalls);
  appendReplies(state, { toolCalls }, [], { content: correction, isError: true });
  if (!state.codec.native || toolCalls.length === 0) state.messages.push({ role: 'user', content: correction });
}
