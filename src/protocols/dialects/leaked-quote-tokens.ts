/**
 * Gemma's string quote tokens (`<|"|>` in Gemma 4, `<escape>` in FunctionGemma) mark a string in the
 * family's own call syntax and are never text a tool is meant to get. Runtimes that hand the call on
 * as JSON (LiteRT-LM's SDK response, `{"color": "<|\"|>red<|\"|>"}`) can leave them around a value:
 * a string wholly between one pair of the same token, with no other token inside, is the text inside.
 * Any other placement is left as written (a value that only holds the token is judged elsewhere).
 */
import { isRecord } from '../extract/read-json.ts';

const quoteTokens = ['<|"|>', '<escape>'];

function unquoted(value: string): string {
  for (const token of quoteTokens) {
    if (value.length < token.length * 2 || !value.startsWith(token) || !value.endsWith(token)) continue;
    const inner = value.slice(token.length, value.length - token.length);
    if (!inner.includes(token)) return inner;
  }
  return value;
}

/** True when a string in `value` (at any depth) opens with a quote token. */
function holdsQuoteToken(value: unknown): boolean {
  if (typeof value === 'string') return value.startsWith('<') && quoteTokens.some((token) => value.startsWith(token));
  if (Array.isArray(value)) return value.some(holdsQuoteToken);
  if (!isRecord(value)) return false;
  for (const key in value) if (holdsQuoteToken(value[key])) return true;
  return false;
}

function replaced(value: unknown): unknown {
  if (typeof value === 'string') return unquoted(value);
  if (Array.isArray(value)) return value.map(replaced);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaced(item)]));
}

/**
 * `value` with every string (in objects and lists, at any depth) that one quote-token pair wraps whole
 * replaced by its inside; `value` itself where no string opens with a token (every call read passes here).
 */
export function leakedQuoteTokens(value: unknown): unknown {
  return holdsQuoteToken(value) ? replaced(value) : value;
}
