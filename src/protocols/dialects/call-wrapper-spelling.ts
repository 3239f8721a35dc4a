/**
 * A call's wrapper key written in camel or Pascal case: `functionCall` (Gemini's parts, as gateways and
 * proxies leak them into text), `toolCalls`, `Tool_Call`. The words are the same, so the key is the
 * wrapper as OpenAI writes it (`function_call`, `tool_calls`, `tool_call`), read only where the
 * spelling has one reading (`framing-key-spelling.ts`: the object does not also hold the key as written
 * there, and no two of its keys spell the same wrapper).
 */
import { withFramingSpelling } from './framing-key-spelling.ts';

const wrapperKeys: ReadonlySet<string> = new Set(['function_call', 'tool_calls', 'tool_call']);

/** `object` with a wrapper key written in another case style renamed to the wrapper's own spelling. */
export function withWrapperSpelling(object: Record<string, unknown>): Record<string, unknown> {
  // Most call objects are written in snake case: only a key with a capital letter may be a respelled wrapper.
  return Object.keys(object).some((key) => /[A-Z]/.test(key)) ? withFramingSpelling(object, wrapperKeys) : object;
}
