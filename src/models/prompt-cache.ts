/**
 * Prompt caching on the AI SDK providers, for a request with a `promptCacheKey`: the markers each
 * provider package reads (it writes its own wire format from them).
 *
 * - Anthropic (and Bedrock, whose Claude models cache the same way) cache a prefix only up to a
 *   block that carries a breakpoint, at most 4 per request. Two are set: on the system message,
 *   which closes the stable prefix (Anthropic orders tools, then system, then messages), and on the
 *   newest message, so the next turn (this request plus a few messages) reads all of this one from
 *   the cache: Anthropic looks back from a breakpoint for the longest prefix it has cached.
 * - OpenAI caches prefixes of 1,024 tokens and more by itself; `promptCacheKey` keeps one run's
 *   requests on the same cache.
 * - Gemini caches implicitly, and OpenAI-compatible servers (vLLM, llama.cpp) reuse a shared prefix
 *   themselves: nothing to mark, only requests that grow by appending (the loop's do).
 */
import type { LanguageModelV4CallOptions, LanguageModelV4Message, SharedV4ProviderOptions } from '@ai-sdk/provider';

/** The breakpoint every marked message carries (provider namespaces are read only by their provider). */
const breakpoint: SharedV4ProviderOptions = Object.freeze({
  anthropic: Object.freeze({ cacheControl: Object.freeze({ type: 'ephemeral' }) }),
  bedrock: Object.freeze({ cachePoint: Object.freeze({ type: 'default' }) }),
}) as SharedV4ProviderOptions;

/**
 * Marks `options` (built for this call: its prompt array is its own) for the prompt cache of the
 * conversation `key`. Converted messages are shared by a run's calls, so the marked ones are copies.
 */
export function markPromptCache(options: LanguageModelV4CallOptions, key: string): void {
  const prompt = options.prompt;
  const last = prompt.length - 1;
  if (last >= 0) prompt[last] = marked(prompt[last] as LanguageModelV4Message);
  if (last > 0 && prompt[0]?.role === 'system') prompt[0] = marked(prompt[0]);
  const given = options.providerOptions;
  options.providerOptions = { ...given, openai: { ...given?.openai, promptCacheKey: key } };
}

function marked(message: LanguageModelV4Message): LanguageModelV4Message {
  return { ...message, providerOptions: { ...message.providerOptions, ...breakpoint } } as LanguageModelV4Message;
}

