/**
 * The conversation a sample starts from: `prompt` or `messages` (normalized to reins messages), checked
 * against the spec rule that every assistant tool call is answered by a tool result right after it,
 * and nothing else is.
 */
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { normalizeMessages } from './normalize-messages.ts';
import type { SampleInputMessage, SampleMessage } from './types.ts';

export function initialMessages(config: { prompt?: string; messages?: readonly SampleInputMessage[] }): SampleMessage[] {
  const hasPrompt = typeof config.prompt === 'string';
  const hasMessages = Array.isArray(config.messages);
  if (hasPrompt === hasMessages) {
    throw new SampleConfigError('Give either `prompt` or `messages` (exactly one).', { reason: 'no-input' });
  }
  const messages = hasPrompt ? [{ role: 'user' as const, content: config.prompt as string }] : normalizeMessages(config.messages ?? []);
  if (messages.length === 0) throw new SampleConfigError('`messages` is empty.', { reason: 'no-input' });
  assertBalanced(messages);
  return messages;
}

/** Throws `SampleConfigError` (`unbalanced-history`) on a tool call without its result or a stray result. */
export function assertBalanced(messages: readonly SampleMessage[]): void {
  let pending = new Set<string>();
  const fail = (what: string) => {
    throw new SampleConfigError(`Unbalanced message history: ${what}.`, { reason: 'unbalanced-history' });
  };
  for (const [index, message] of messages.entries()) {
    if (message.role === 'tool') {
      if (!pending.delete(message.toolCallId)) fail(`message ${index} answers no pending tool call (${message.toolCallId})`);
      continue;
    }
    if (pending.size > 0) fail(`tool call(s) ${[...pending].join(', ')} not answered before message ${index}`);
    if (message.role === 'assistant') pending = new Set((message.toolCalls ?? []).map((call) => call.id));
  }
  if (pending.size > 0) fail(`tool call(s) ${[...pending].join(', ')} not answered`);
}
