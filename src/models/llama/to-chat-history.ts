/**
 * A reins model request as node-llama-cpp chat history: the system prompt, user and assistant
 * turns, and tool results as user turns (a `llama:` model has no native tool calling; reins speaks a
 * text protocol with it). Consecutive user turns are merged.
 */
import type { ChatHistoryItem } from 'node-llama-cpp';
import type { ModelRequest } from '../../spec/model.ts';

export function toChatHistory(request: ModelRequest): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = request.system ? [{ type: 'system', text: request.system }] : [];
  const pushUser = (text: string) => {
    const last = history.at(-1);
    if (last?.type === 'user') last.text = `${last.text}\n\n${text}`;
    else history.push({ type: 'user', text });
  };
  for (const message of request.messages) {
    if (message.role === 'user') pushUser(message.content);
    else if (message.role === 'tool') pushUser(`Result of ${message.toolName}${message.isError ? ' (error)' : ''}:\n${message.content}`);
    else history.push({ type: 'model', response: [message.content] });
  }
  return history;
}
