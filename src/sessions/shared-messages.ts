/**
 * `model-request` records as the SqliteStore keeps them: each request sends the whole history
 * again, so a stored request holds only the messages after those it shares with the previous
 * request of the run (`sharedMessages` of them, from the start), and reading puts them back.
 */
import type { ModelMessage } from '../spec/model.ts';

/** How many leading messages two histories have in common. */
export function sharedPrefixLength(previous: readonly ModelMessage[], messages: readonly ModelMessage[]): number {
  let shared = 0;
  while (
    shared < previous.length &&
    shared < messages.length &&
    (previous[shared] === messages[shared] || JSON.stringify(previous[shared]) === JSON.stringify(messages[shared]))
  ) {
    shared++;
  }
  return shared;
}

/** A stored body with `sharedMessages`, made whole from the previous request's messages. */
export function restoreMessages(body: Record<string, unknown>, previous: readonly ModelMessage[]): ModelMessage[] {
  const shared = typeof body.sharedMessages === 'number' ? body.sharedMessages : 0;
  delete body.sharedMessages;
  const messages = [...previous.slice(0, shared), ...(body.messages as ModelMessage[])];
  body.messages = messages;
  return messages;
}
