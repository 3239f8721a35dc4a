/**
 * Reads one JSON candidate: strict `JSON.parse` first, then the `jsonrepair` library for the damage
 * models cause (trailing commas, single or smart quotes, unquoted keys, comments, Python literals
 * True/False/None, code fences, truncation at the end). A repaired value is only a candidate: the
 * caller still validates it strictly. Damage that the repair could only read by guessing (a bare
 * `a//b`, an unescaped quote in a string, `TRUE` or `1_000` unquoted, a key with no value) is refused
 * with a precise message instead: see `repair-guesses.ts`.
 */
import { isDeepStrictEqual } from 'node:util';
import { jsonrepair } from 'jsonrepair';
import { exceedsDepth, maxValueDepth } from '../../tools/value-limits.ts';
import { cutString, inventedNull, repairGuess } from './repair-guesses.ts';

export type JsonReading = { ok: true; value: unknown; repaired: boolean } | { ok: false; message: string };

/** Values nested deeper than `maxValueDepth` (64) are refused here, before any recursive walk can overflow the stack. */
function bounded(value: unknown, repaired: boolean): JsonReading {
  if (exceedsDepth(value, maxValueDepth)) return { ok: false, message: `JSON nested more than ${maxValueDepth} levels deep` };
  return { ok: true, value, repaired };
}

export function readJson(text: string): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined; // fall through to repair
  }
  if (value !== undefined) return bounded(value, false);
  // Where the repair would have to guess what the model wrote, ask for the value again instead.
  const guess = repairGuess(text);
  if (guess) return { ok: false, message: guess };
  let repaired: unknown;
  try {
    repaired = JSON.parse(jsonrepair(text));
  } catch (error) {
    const position = /position (\d+)/.exec(String((error as Error).message))?.[1];
    return {
      ok: false,
      message: position ? `JSON unreadable even after repair (near character ${position})` : 'JSON unreadable even after repair',
    };
  }
  const cut = cutStringProblem(text, repaired);
  if (cut) return { ok: false, message: cut };
  const reading = bounded(repaired, true);
  const invented = reading.ok ? inventedNull(text, repaired) : undefined;
  return invented ? { ok: false, message: invented } : reading;
}

/**
 * A string the text ends inside reads two ways when closing it where the text ends gives another
 * value than the repair (which may end it at a `}`, `]` or `,` it holds: a missing closing quote, or
 * a value cut short?): refused, since either reading may run what the model never wrote.
 */
function cutStringProblem(text: string, repaired: unknown): string | undefined {
  const cut = cutString(text);
  // Only what a repair may read as the string's end makes the two readings differ.
  if (cut === undefined || !/[[\]{},:\\\s`]/.test(text.slice(cut.start + 1))) return undefined;
  let closed: unknown;
  try {
    closed = JSON.parse(jsonrepair(text + cut.quote));
  } catch {
    closed = undefined;
  }
  if (isDeepStrictEqual(closed, repaired)) return undefined;
  return 'a string is never closed and reads two ways (cut short, or its closing quote missing before a bracket or comma it holds?): resend the whole value';
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
