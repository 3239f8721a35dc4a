/**
 * Gemma values written without the family's quote token, read only where the text has one reading
 * (Ollama, the family's server, repairs the same three shapes; reins keeps to the unambiguous part):
 * - a single-quoted string `'abc'`: the text up to the next `'`, which must be followed by `,`, `}`
 *   or `]`; refused when it holds a backslash escape Python would read (`\n`, `\\`, `\'`...: the
 *   text would differ from the escape's meaning) or a quote token (`'abc'<|"|>`: which delimiter
 *   ends it?);
 * - an unclosed quote token in the last argument (`command:<|"|>ls}<tool_call|>`): the string runs to
 *   the `}` written right before the call's end token;
 * - raw text for a top-level property the schema types as string only (`content:hello,mode:..`),
 *   ending at the one `,key:` that is followed by a quoted value, or, for the last argument, at the
 *   `}` right before the end token.
 * Both text readings need the call's end token (else the call may be cut off inside the value), a
 * `}` before it (a missing `}` is never supplied: a value ending in `}` would then have two
 * readings), no space between the value and that `}` (layout or text?), and no other `,key:` in
 * the value (`a, b: c` may be one text or two arguments). Raw text also starts right after the
 * colon. Neither may hold a special token. Anything else is refused as before.
 */

/** The family's tokens: the string quote, the call's opener and its end token. */
export interface GemmaTokens {
  quote: string;
  open: string;
  close: string;
}

/** A value read loosely: its text and where the reading goes on (the `,` or `}` after it). */
export type LooseValue = { ok: true; value: string; end: number } | { ok: false; problem: string };

const pythonEscape = /\\[\n\r\\'"abfnrtv0-7xNuU]/;
/** A `,` that starts another argument: `, key :`. */
const nextKey = /,\s*[^\s:{}[\],<>"']+\s*:/g;
const holdsNextKey = /,\s*[^\s:{}[\],<>"']+\s*:/;
/** A model's special token (`<|channel>`, `<turn|>`, `<|"|>`): never part of text read without quotes. */
const specialToken = /<\|[^\s<>]{0,40}>|<[^\s<>|]{1,40}\|>|<｜/;

export function singleQuoted(text: string, start: number, tokens: GemmaTokens): LooseValue {
  const end = text.indexOf("'", start + 1);
  if (end < 0) return { ok: false, problem: "a string opened with ' is not closed" };
  const value = text.slice(start + 1, end);
  if (pythonEscape.test(value)) return { ok: false, problem: "a '-quoted string holds a backslash escape" };
  if ([tokens.quote, tokens.open, tokens.close].some((token) => value.includes(token))) return { ok: false, problem: "a '-quoted string holds a call token" };
  const after = /\s*/y;
  after.lastIndex = end + 1;
  after.exec(text);
  if (!/[,}\]]/.test(text[after.lastIndex] ?? '')) return { ok: false, problem: "a '-quoted string must be followed by , or }" };
  return { ok: true, value, end: end + 1 };
}

/** The text from `start` up to the `}` written right before the end token, or why there is none. */
function lastValue(text: string, start: number, tokens: GemmaTokens, region: string): LooseValue {
  const body = region.trimEnd();
  if (!body.endsWith('}')) return { ok: false, problem: `the argument object is not closed before ${tokens.close}` };
  const value = body.slice(0, -1);
  if (value.trim() === '' || /\s$/.test(value)) return { ok: false, problem: 'space between the value and } (is it part of the value?)' };
  if (specialToken.test(value)) return { ok: false, problem: 'the value holds a special token' };
  if (holdsNextKey.test(value)) return { ok: false, problem: 'the value holds `,key:` (one value or two arguments?)' };
  return { ok: true, value, end: start + value.length };
}

/** The span from `start` to the call's end token, refused when there is none or it holds another token. */
function callRest(text: string, start: number, tokens: GemmaTokens, without: readonly string[]): { ok: true; region: string } | { ok: false; problem: string } {
  const close = text.indexOf(tokens.close, start);
  if (close < 0) return { ok: false, problem: `no ${tokens.close} ends the call` };
  const region = text.slice(start, close);
  if (without.some((token) => region.includes(token))) return { ok: false, problem: `the value runs into ${without.find((token) => region.includes(token))}` };
  return { ok: true, region };
}

/** An opened quote token with no closing one: the last argument's string, up to the closing `}`. */
export function unclosedString(text: string, start: number, tokens: GemmaTokens): LooseValue {
  const rest = callRest(text, start, tokens, [tokens.quote, tokens.open]);
  return rest.ok ? lastValue(text, start, tokens, rest.region) : rest;
}

/** Raw text starting at `start` (right after the colon), for a property typed string. */
export function rawText(text: string, start: number, tokens: GemmaTokens): LooseValue {
  if (/\s/.test(text[start] ?? '')) return { ok: false, problem: 'space after the colon (is it part of the value?)' };
  const rest = callRest(text, start, tokens, [tokens.open]);
  if (!rest.ok) return rest;
  const quoted = rest.region.indexOf(tokens.quote);
  if (quoted < 0) return lastValue(text, start, tokens, rest.region);
  // A quoted value follows: the raw text ends at the one `,key:` right before it.
  const before = rest.region.slice(0, quoted);
  const keys = [...before.matchAll(nextKey)];
  const cut = keys[0];
  if (keys.length !== 1 || cut === undefined || before.slice(cut.index + cut[0].length).trim() !== '') {
    return { ok: false, problem: 'its end is not clear (one `,key:` must follow it, before a quoted value)' };
  }
  const value = before.slice(0, cut.index);
  if (/\s$/.test(value) || value === '') return { ok: false, problem: 'space between the value and , (is it part of the value?)' };
  if (specialToken.test(value)) return { ok: false, problem: 'the value holds a special token' };
  return { ok: true, value, end: start + value.length };
}
