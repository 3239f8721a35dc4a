/**
 * The history of text protocols (json, envelope, xml, line): the assistant message is the raw text,
 * and what answers a turn (tool observations, the human's reply, a correction) is one user message.
 */
import type { HistoryStrategy } from './history-strategy.ts';

export const textHistory: HistoryStrategy = {
  kind: 'text',
  appendTurn(messages, text) {
    messages.push({ role: 'assistant', content: text });
  },
  appendReplies(messages, _toolCalls, replies) {
    const text = replies.map((reply) => reply.content).filter((content) => content !== '');
    if (text.length > 0) messages.push({ role: 'user', content: text.join('\n\n') });
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
