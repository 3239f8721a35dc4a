/**
 * The loop never changes a message once it was sent: the history only grows. `sealHistory` makes
 * that a checked invariant: before each request it freezes every message not frozen yet (the
 * message, its tool-call list and each call; not the call arguments, which belong to the tools).
 * A later write to a sent message throws (modules run in strict mode) instead of silently changing
 * what a stored run or a provider-format cache (`toCallOptions`) holds. Messages are frozen from the
 * end back to the first one already frozen, so each is visited once over a run.
 */
import type { ModelMessage } from '../spec/model.ts';

export function sealHistory(messages: readonly ModelMessage[]): void {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as ModelMessage;
    if (Object.isFrozen(message)) return;
    if (message.role === 'assistant' && message.toolCalls) {
      for (const call of message.toolCalls) Object.freeze(call);
      Object.freeze(message.toolCalls);
    }
    Object.freeze(message);
  }
}
