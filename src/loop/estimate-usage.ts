import type { ModelRequest, Usage } from '../spec/model.ts';

/** Rough usage (4 characters a token) for a stream stopped before the provider reported usage. */
export function estimateUsage(request: ModelRequest, text: string): Usage {
  const inputChars = (request.system?.length ?? 0) + request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return { inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(text.length / 4) };
}
