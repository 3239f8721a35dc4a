/**
 * Quotes a model left unescaped inside a string (`"apple "bee" carrot"`, `"<h3 id="a">"`), read where
 * the text allows one reading. The string opened at its first quote may end at any later quote that
 * structure follows (`,` `}` `]` or the end for a value, `:` for a key). An end is a reading when:
 * - the quotes it leaves inside come in pairs (quoted words, attributes, a quoted object: a lone one
 *   is a stray or a missing one, and which is a guess);
 * - they hold no member boundary (`, "key":`, or `, "` in a list: the string would swallow the next
 *   key or item);
 * - with them escaped, the rest reads as JSON (strings damaged further on read the same way).
 * Exactly one reading: that is the text. More than one, none, or a doubled quote (`"" key"`: one
 * quote typed twice, or a quote inside?): a precise correction, never a guess. Only a text that opens
 * an object or a list is read so.
 */
import { jsonrepair } from 'jsonrepair';
import { cutString, repairGuess, straySite, type StraySite } from './repair-guesses.ts';

export type StrayReading = { ok: true; text: string } | { ok: false; message: string };

/** Ends tried in all (over every damaged string): beyond this, the damage is too much to read. */
const maxTrials = 16;

const endsValue = /^\s*(?:[,}\]]|$)/;
const endsKey = /^\s*:/;

/** `content` with every unescaped double quote escaped. */
function escapeQuotes(content: string): string {
  let out = '';
  for (let index = 0; index < content.length; index += 1) {
    const char = content[index]!;
    if (char === '\\') {
      out += char + (content[index + 1] ?? '');
      index += 1;
    } else out += char === '"' ? '\\"' : char;
  }
  return out;
}

/** A comma and a quoted key: a string holding this would swallow the next member. */
const memberBoundary = /,\s*"[^"]*"\s*:/y;
/** In a list, a comma and a quote: an item holding this would swallow the next item. */
const itemBoundary = /,\s*"/y;

/**
 * Unescaped double quotes after the string's first closing quote that structure follows, where the
 * quotes before them come in pairs; one pass, ending at the first member boundary (every later end
 * would swallow it).
 */
function possibleEnds(text: string, site: StraySite): number[] {
  const ends: number[] = [];
  const follows = site.key ? endsKey : endsValue;
  const boundary = site.item ? itemBoundary : memberBoundary;
  let quotes = 0;
  for (let index = site.start + 1; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\') index += 1;
    else if (char === ',') {
      boundary.lastIndex = index;
      if (boundary.test(text)) break;
    } else if (char === '"') {
      if (index > site.end && quotes % 2 === 0 && follows.test(text.slice(index + 1, index + 65))) ends.push(index);
      quotes += 1;
    }
  }
  return ends;
}

/** True when `text` reads as one JSON value of the kind its first bracket opens, with nothing guessed. */
export function readsWhole(text: string): boolean {
  if (repairGuess(text) !== undefined || cutString(text) !== undefined) return false;
  try {
    // jsonrepair's output is JSON: its first character tells the value's kind (several values become a list).
    const first = text.trimStart()[0];
    return first !== '{' && first !== '[' ? true : jsonrepair(text).trimStart()[0] === first;
  } catch {
    return false;
  }
}

interface Reading {
  text: string;
  /** Where the first damaged string ends in this reading. */
  end: number;
}

/** Up to two whole readings of `text` whose first damaged string is `site`. */
function readingsOf(text: string, site: StraySite, options: { left: number; keyMayFollow: boolean }): Reading[] | 'too many' {
  const found: Reading[] = [];
  for (const end of possibleEnds(text, site)) {
    const content = text.slice(site.start + 1, end);
    options.left -= 1;
    if (options.left < 0) return 'too many';
    const candidate = text.slice(0, site.start + 1) + escapeQuotes(content) + text.slice(end);
    const next = straySite(candidate, options.keyMayFollow);
    if (next?.doubled) continue;
    const rest = next ? readingsOf(candidate, next, options) : readsWhole(candidate) ? [{ text: candidate, end }] : [];
    if (rest === 'too many') return rest;
    found.push(...rest.map((reading) => ({ text: reading.text, end })));
    if (found.length > 1) return found;
  }
  return found;
}

/**
 * The text with its unescaped quotes escaped where that reads one way; undefined when no string holds
 * one. `keyMayFollow: false` (where the text read as is failed) also takes `"x {"a": 1}"` for a quote
 * inside a string, not a missing comma before a key `a`. `guess`: what `repairGuess` says of the
 * text, when known (the correction where no reading reads).
 */
export function readStrayQuotes(text: string, keyMayFollow = true, guess?: string): StrayReading | undefined {
  // Only an object or a list is damaged JSON here: a quoted text alone (`"say "hi" now"`) may be a
  // parameter value written raw, quotes and all.
  if (!/^\s*[[{]/.test(text)) return undefined;
  const site = straySite(text, keyMayFollow);
  if (!site) return undefined;
  const message = guess ?? repairGuess(text) ?? 'unescaped quote inside a string (write \\" inside strings)';
  if (site.doubled) return { ok: false, message };
  const readings = readingsOf(text, site, { left: maxTrials, keyMayFollow });
  if (readings === 'too many') return { ok: false, message: `too many unescaped quotes inside strings to tell where they end (write \\" inside strings)` };
  const [only, second] = readings;
  if (!only) return { ok: false, message };
  if (!second) return { ok: true, text: only.text };
  return {
    ok: false,
    message: `unescaped quote inside a string: it may end at character ${only.end} or ${second.end} (write \\" inside strings)`,
  };
}
