/**
 * The history of text protocols (json, envelope, xml, line): the assistant message is the raw text,
 * and what answers a turn (tool observations, the human's reply, a correction) is one user message.
 */
import type { HistoryStrategy } from './history-strategy.ts';

/**
 * The non-empty replies, joined by a blank line; undefined when there is none. One reply (the usual
 * turn) is taken as it is, without the arrays of the general case.
 */
export function joinReplies(replies: readonly { content: string }[]): string | undefined {
  const only = replies.length === 1 ? replies[0]?.content : undefined;
  if (typeof only === 'string') return only === '' ? undefined : only;
  const text = replies.map((reply) => reply.content).filter((content) => content !== '');
  return text.length > 0 ? text.join('\n\n') : undefined;
}

export const textHistory: HistoryStrategy = {
  kind: 'text',
  appendTurn(messages, text) {
    messages.push({ role: 'assistant', content: text });
  },
  appendReplies(messages, _toolCalls, replies) {
    const text = joinReplies(replies);
    if (text !== undefined) messages.push({ role: 'user', content: text });
    return [];
  },
  appendCorrection(messages, text, _toolCalls, correction) {
    messages.push({ role: 'assistant', content: text });
    messages.push({ role: 'user', content: correction });
  },
  appendAnswered() {
    // The answer ends the run: nothing follows it.
  },
  callIds: () => undefined,
};
