import { historyPrefix } from '../models/history-prefix.ts';
import type { ModelRequest, Usage } from '../spec/model.ts';

/** Rough usage (4 characters a token) for a stream stopped before the provider reported usage: marked `estimated`. */
export function estimateUsage(request: ModelRequest, text: string): Usage {
  // A loop request's history prefix is summed where it is: reading `messages` would copy it.
  const prefix = historyPrefix(request);
  const inputChars = (request.system?.length ?? 0) + (prefix ? contentLength(prefix.history, prefix.count) : contentLength(request.messages, request.messages.length));
  return { inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(text.length / 4), estimated: true };
}

function contentLength(messages: readonly ModelRequest['messages'][number][], count: number): number {
  let sum = 0;
  for (let index = 0; index < count; index++) sum += (messages[index] as ModelRequest['messages'][number]).content.length;
  return sum;
}
