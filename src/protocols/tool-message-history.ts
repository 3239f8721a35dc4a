/**
 * The history of the native protocol: the assistant message carries its tool calls, and every call
 * is answered by a tool message (in call order), also when it was invalid, refused or skipped, and
 * also in the turn that answers the user: providers refuse a history with an unanswered call.
 */
import type { ModelMessage, ModelToolCall } from '../spec/model.ts';
import type { CallReply, HistoryStrategy } from './history-strategy.ts';
import { sanitizeName } from './sanitize.ts';
import { joinReplies } from './text-history.ts';

/** The name put in place of a tool name a provider would refuse (and that cannot be sanitized into a new one). */
export const invalidToolName = 'invalid_tool_name';

/** What providers accept as a tool name in a tool call and a tool message (OpenAI and Anthropic agree). */
const providerToolName = /^[a-zA-Z0-9_-]{1,64}$/;

export const toolMessageHistory: HistoryStrategy = {
  kind: 'tool-messages',
  appendTurn(messages, text, toolCalls) {
    // One literal per case (no field added later: no property store grown on every turn).
    messages.push(toolCalls.length > 0 ? { role: 'assistant', content: text, toolCalls: [...toolCalls] } : { role: 'assistant', content: text });
  },
  appendReplies(messages, toolCalls, replies, unanswered) {
    if (toolCalls.length === 0) return textReplies(messages, replies);
    const open: ModelToolCall[] = [];
    for (const call of toolCalls) {
      const reply = replyTo(replies, call.id) ?? unanswered;
      if (!reply) {
        open.push(call);
        continue;
      }
      const message: ModelMessage = { role: 'tool', toolCallId: call.id, toolName: call.name, content: reply.content };
      if (reply.isError) message.isError = true;
      messages.push(message);
    }
    return open;
  },
  appendCorrection(messages, text, toolCalls, correction, offered) {
    const calls = safeToolCalls(toolCalls, offered);
    this.appendTurn(messages, text, calls);
    if (calls.length === 0) messages.push({ role: 'user', content: correction });
    else this.appendReplies(messages, calls, [], { content: correction, isError: true });
  },
  appendAnswered(messages, toolCalls, replies, delivered) {
    this.appendReplies(messages, toolCalls, replies, delivered);
  },
  callIds: (toolCalls, decisions) => (toolCalls.length > 0 && toolCalls.length === decisions ? toolCalls.map((call) => call.id) : undefined),
};

/** The first reply to the call `id`. */
function replyTo(replies: readonly CallReply[], id: string): CallReply | undefined {
  for (const reply of replies) if (reply.callId === id) return reply;
  return undefined;
}

/** A turn without native calls (drift: a call written as text) is answered as text protocols answer it. */
function textReplies(messages: ModelMessage[], replies: readonly { content: string }[]): ModelToolCall[] {
  const text = joinReplies(replies);
  if (text !== undefined) messages.push({ role: 'user', content: text });
  return [];
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
