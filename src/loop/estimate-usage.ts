import type { ModelRequest, Usage } from '../spec/model.ts';

/** Rough usage (4 characters a token) for a stream stopped before the provider reported usage: marked `estimated`. */
export function estimateUsage(request: ModelRequest, text: string): Usage {
  let inputChars = request.system?.length ?? 0;
  for (const message of request.messages) inputChars += message.content.length;
  return { inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(text.length / 4), estimated: true };
}
