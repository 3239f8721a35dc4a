/**
 * Keeps the history in the shape each protocol needs. Text protocols: the assistant turn is the raw
 * text and what answers it is one user message. Native: the assistant message carries its tool
 * calls and every call is answered by a tool message, also when it was invalid, refused or skipped.
 */
import type { ModelMessage, ModelToolCall } from '../spec/model.ts';
import { sanitizeName } from '../protocols/sanitize.ts';
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';

/** The name put in place of a tool name a provider would refuse (and that cannot be sanitized into a new one). */
export const invalidToolName = 'invalid_tool_name';

/** What providers accept as a tool name in a tool call and a tool message (OpenAI and Anthropic agree). */
const providerToolName = /^[a-zA-Z0-9_-]{1,64}$/;

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

/**
 * After invalid output: the raw turn, then the correction (native: on every call of the turn).
 * The calls of a rejected turn keep their ids but never a name a provider would refuse (DESIGN §4):
 * see `safeToolCalls`.
 */
export function appendCorrection(state: RunState, text: string, toolCalls: ModelToolCall[], correction: string): void {
  const offered = (state.codec.requestTools?.(state.tools) ?? state.tools).map((tool) => tool.name);
  const calls = state.codec.native ? safeToolCalls(toolCalls, offered) : toolCalls;
  appendAssistantTurn(state, text, calls);
  appendReplies(state, { toolCalls: calls }, [], { content: correction, isError: true });
  if (!state.codec.native || calls.length === 0) state.messages.push({ role: 'user', content: correction });
}

/**
 * The calls of a rejected turn as they may enter the history: a name providers accept stays; any
 * other is reduced to the safe alphabet (`sanitizeName`, dots to `_`, at most 64 characters), or
 * replaced by `invalid_tool_name` when nothing is left or the reduced name would pass for one of
 * `offered` (so the history never shows a call of a real tool the model did not make).
 */
export function safeToolCalls(toolCalls: readonly ModelToolCall[], offered: readonly string[]): ModelToolCall[] {
  return toolCalls.map((call) => {
    const name = typeof call.name === 'string' ? call.name : String(call.name);
    if (providerToolName.test(name)) return call;
    const kept = sanitizeName(name);
    const reduced = kept === '?' ? '' : kept.replace(/[^a-zA-Z0-9_-]/g, '_');
    const safe = providerToolName.test(reduced) && !offered.includes(reduced) ? reduced : invalidToolName;
    return { ...call, name: safe };
  });
}
