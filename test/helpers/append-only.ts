/**
 * Checks that a run's model requests only ever grow: every request starts with exactly the previous
 * request's system prompt, tools and messages (the same bytes), which is what lets a provider (or a
 * local context) reuse the prefix it already has. Used by the append-only tests and the cost bench.
 */
import type { ModelRequest } from '../../src/spec/model.ts';

/** What a request sent, as bytes: copied when the model is called (the loop's messages are a view). */
export interface SentRequest {
  system: string;
  tools: string;
  messages: string[];
}

export function sentRequest(request: ModelRequest): SentRequest {
  return { system: request.system ?? '', tools: JSON.stringify(request.tools ?? []), messages: request.messages.map((message) => JSON.stringify(message)) };
}

/** One line per request that does not start with the one before it; empty when all are append-only. */
export function appendOnlyBreaks(requests: readonly SentRequest[]): string[] {
  const breaks: string[] = [];
  for (let index = 1; index < requests.length; index++) {
    const before = requests[index - 1] as SentRequest;
    const now = requests[index] as SentRequest;
    if (now.system !== before.system) breaks.push(`request ${index + 1}: the system prompt changed`);
    if (now.tools !== before.tools) breaks.push(`request ${index + 1}: the tools changed`);
    const changed = before.messages.findIndex((message, at) => now.messages[at] !== message);
    if (changed !== -1) breaks.push(`request ${index + 1}: message ${changed + 1} differs from the request before`);
    else if (now.messages.length <= before.messages.length) breaks.push(`request ${index + 1}: no message was added`);
  }
  return breaks;
}
