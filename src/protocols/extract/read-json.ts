/**
 * Reads one JSON candidate: strict `JSON.parse` first, then the `jsonrepair` library for the damage
 * models cause (trailing commas, single or smart quotes, unquoted keys, comments, Python literals
 * True/False/None, code fences, closing brackets missing at the end). A repaired value is only a candidate: the
 * caller still validates it strictly. Damage that the repair could only read by guessing (a bare
 * `a//b`, an unescaped quote in a string, `TRUE` or `1_000` unquoted, a key with no value, a string
 * never closed) is refused with a precise message instead:
 * see `repair-guesses.ts`. A key written twice in one object is refused too (`duplicate-keys.ts`:
 * `JSON.parse` and the repair keep the last value silently). A control character between tokens is dropped,
 * one inside a string escaped (`stray-control-chars.ts`). One object amid prose (`Here is the JSON: {..}`) is read as that object.
 */
import { jsonrepair } from 'jsonrepair';
import { exceedsDepth, maxValueDepth } from '../../tools/value-limits.ts';
import { duplicateKey } from '../../tools/duplicate-key.ts';
import { duplicateKeyMessage } from './duplicate-keys.ts';
import { escapedLayout } from './escaped-layout.ts';
import { findJsonSpans } from './find-json-spans.ts';
import { cutString, inventedNull, repairGuess, swallowedBracket } from './repair-guesses.ts';
import { withoutStrayControlChars } from './stray-control-chars.ts';
import { readStrayQuotes } from './stray-quotes.ts';
import { readWrongCloser } from './wrong-closer.ts';

export type JsonReading = { ok: true; value: unknown; repaired: boolean } | { ok: false; message: string };

/**
 * Values nested deeper than `maxValueDepth` (64) are refused here, before any recursive walk can
 * overflow the stack; so is a key written twice in one object (`json`, the text the value was parsed
 * from), whose two values are two readings.
 */
function bounded(value: unknown, repaired: boolean, json: string): JsonReading {
  if (exceedsDepth(value, maxValueDepth)) return { ok: false, message: `JSON nested more than ${maxValueDepth} levels deep` };
  const twice = typeof value === 'object' && value !== null ? duplicateKey(json, value) : undefined;
  if (twice !== undefined) return { ok: false, message: duplicateKeyMessage(twice) };
  return { ok: true, value, repaired };
}

export function readJson(text: string): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined; // fall through to repair
  }
  if (value !== undefined) return bounded(value, false, text);
  // `{\n  "a": 1\n}`: layout escaped once more, with one reading (`escaped-layout.ts`).
  const unescaped = escapedLayout(text);
  if (unescaped !== undefined) {
    const inner = readJson(unescaped);
    return inner.ok ? { ...inner, repaired: true } : inner;
  }
  // A control character between tokens stands for nothing; one inside a string is its value (`stray-control-chars.ts`).
  const uncontrolled = withoutStrayControlChars(text);
  if (uncontrolled !== undefined) {
    const inner = readJson(uncontrolled);
    return inner.ok ? { ...inner, repaired: true } : inner;
  }
  const wrapped = objectInProse(text);
  if (wrapped !== undefined) {
    const inner = readJson(wrapped);
    return inner.ok ? { ...inner, repaired: true } : inner;
  }
  let source = text;
  // Where the repair would have to guess what the model wrote, ask for the value again instead; but
  // quotes left unescaped inside strings are escaped where only one end of each string reads.
  let guess = repairGuess(source);
  const stray = guess === undefined ? undefined : readStrayQuotes(source, true, guess);
  if (stray && !stray.ok) return { ok: false, message: stray.message };
  if (stray) {
    source = stray.text;
    guess = repairGuess(source);
  }
  // A closer that does not match its bracket (`["a", "b"}`), read where only one reading reads.
  const closer = readWrongCloser(source);
  if (closer && !closer.ok) return { ok: false, message: closer.message };
  if (closer) {
    source = closer.text;
    guess = repairGuess(source);
  }
  if (guess) return { ok: false, message: guess };
  const cut = cutString(source);
  const closed = cut ? source + cut.quote : source;
  let repaired: unknown;
  let repairedText: string;
  try {
    repairedText = jsonrepair(closed);
    repaired = JSON.parse(repairedText);
  } catch (error) {
    // Read as written it fails: a quote before `word:` may be inside a string (`"x {"a": 1}"`), not the next key.
    const inner = stray ? undefined : readStrayQuotes(text, false);
    if (inner?.ok) {
      const reading = readJson(inner.text);
      return reading.ok ? { ...reading, repaired: true } : reading;
    }
    const position = /position (\d+)/.exec(String((error as Error).message))?.[1];
    return {
      ok: false,
      message: position ? `JSON unreadable even after repair (near character ${position})` : 'JSON unreadable even after repair',
    };
  }
  if (cut && !isFreeTextCut(repaired)) return { ok: false, message: cutMessage };
  const reading = bounded(repaired, true, repairedText);
  const invented = reading.ok ? (inventedNull(closed, repaired) ?? swallowedBracket(closed, repaired)) : undefined;
  return invented ? { ok: false, message: invented } : reading;
}

/**
 * A string the text ends inside: its value is cut off (`{"path": "/home/us`), or its closing quote is
 * missing before a bracket it holds (`{"a": "b}`). Either reading may run what the model never wrote,
 * so it is refused; truncation after complete values (closing brackets missing) is still repaired,
 * and so is a cut free-text field of a reins decision (`"reason": "sum`, closed where the text ends:
 * it runs nothing).
 */
const cutMessage = 'a string is never closed (its value cut off, or its closing quote missing?): resend the whole value';
const freeTextFields = new Set(['reason', 'thought', 'thoughts']);

/** True when the last value of `value` (where a cut string ends up) is a free-text field of a decision object. */
function isFreeTextCut(value: unknown): boolean {
  if (!isRecord(value) || typeof value.action !== 'string') return false;
  const last = Object.keys(value).at(-1);
  return last !== undefined && freeTextFields.has(last) && typeof value[last] === 'string';
}

/** Prose that introduces a value: nothing, or text ending in a colon, a line break, a fence (with its language) or a dash. */
const introduced = /(?:^|[:\n`-]|```\w+)[ \t]*$/;

/**
 * The one JSON object of a text that also holds prose, a list dash or code fences around it (`Here is
 * the JSON: {..}`, `{..} done`), where nothing around it looks like JSON (no bracket or double quote)
 * and the prose before it introduces it: the object is the value. Undefined for a text that is JSON
 * from end to end, or holds two values.
 */
function objectInProse(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed) && /[\]}]$/.test(trimmed)) return undefined;
  const spans = findJsonSpans(text, 2);
  const [span] = spans;
  if (spans.length !== 1 || !span?.complete || !span.text.startsWith('{')) return undefined;
  const before = text.slice(0, span.start);
  const after = text.slice(span.end);
  if (/[[\]{}"]/.test(before + after)) return undefined;
  // Prose introduces the object (`JSON:`, a line, a fence, a dash) and is set apart after it: `f {}`
  // or `{..}foo` may be code or one word cut in two, not an object in prose.
  return introduced.test(before) && /^(?:$|[\s`])/.test(after) ? span.text : undefined;
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
