/**
 * A closing bracket that does not match the innermost open one (`["a", "b"}`, `[{"k": 1], "b": 2`):
 * a typo for the right closer, or the right closers missing before it. Both readings are tried; the
 * one that reads as JSON (or both, giving the same value) is the text. Two different values
 * (`{"a": {"b": [1}, "c": 2}`: is `c` in `a`?) are a precise correction, never a guess.
 */
import { jsonrepair } from 'jsonrepair';
import { readsWhole, type StrayReading } from './stray-quotes.ts';

const closerOf: Record<string, string> = { '{': '}', '[': ']' };
const kindOf: Record<string, string> = { '{': 'an object', '[': 'a [list]' };
/** Wrong closers followed one after another: beyond this, the text is too damaged to read. */
const maxDepth = 3;

interface Mismatch {
  index: number;
  /** The brackets open at the closer, innermost last. */
  open: string[];
}

/** The first closer outside strings that does not match the innermost open bracket. */
function firstMismatch(text: string): Mismatch | undefined {
  const open: string[] = [];
  let previous = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '"' || (char === "'" && /[{[,:]/.test(previous))) {
      index += 1;
      while (index < text.length && text[index] !== char) index += text[index] === '\\' ? 2 : 1;
      previous = char;
      continue;
    }
    if (char === '{' || char === '[') open.push(char);
    else if (char === '}' || char === ']') {
      const top = open.at(-1);
      if (top === undefined) return undefined;
      if (closerOf[top] !== char) return { index, open };
      open.pop();
    }
    if (!/\s/.test(char)) previous = char;
  }
  return undefined;
}

interface Reading {
  text: string;
  value: unknown;
}

/** The text's value when it reads as JSON with nothing guessed, else undefined. */
function readingOf(text: string): Reading | undefined {
  if (!readsWhole(text)) return undefined;
  try {
    return { text, value: JSON.parse(jsonrepair(text)) as unknown };
  } catch {
    // jsonrepair's output is not always JSON (`{A([}`): no reading, never a throw out of `parse`.
    return undefined;
  }
}

/** Readings of `text` with every wrong closer read one way or the other, stopping at two different values. */
function readingsOf(text: string, depth: number, found: Reading[]): void {
  const mismatch = firstMismatch(text);
  if (!mismatch) {
    const reading = readingOf(text);
    // Compared as JSON text (the root entry loads no node: module): the same members in another
    // order count as another reading, so the text is refused, the safe side.
    if (reading && !found.some((other) => JSON.stringify(other.value) === JSON.stringify(reading.value))) found.push(reading);
    return;
  }
  if (depth >= maxDepth) return;
  const { index, open } = mismatch;
  const char = text[index]!;
  const candidates = [text.slice(0, index) + closerOf[open.at(-1)!]! + text.slice(index + 1)];
  const matching = open.map((bracket) => closerOf[bracket]).lastIndexOf(char);
  if (matching >= 0) {
    const missing = open.slice(matching + 1).reverse().map((bracket) => closerOf[bracket]).join('');
    candidates.push(text.slice(0, index) + missing + text.slice(index));
  }
  for (const candidate of candidates) {
    if (found.length > 1) return;
    readingsOf(candidate, depth + 1, found);
  }
}

/** The text with its wrong closers read where that reads one way; undefined when every closer matches, or no reading reads. */
export function readWrongCloser(text: string): StrayReading | undefined {
  if (!/^\s*[[{]/.test(text)) return undefined;
  const mismatch = firstMismatch(text);
  if (!mismatch) return undefined;
  const found: Reading[] = [];
  readingsOf(text, 0, found);
  const [first, second] = found;
  if (!first) return undefined;
  if (!second) return { ok: true, text: first.text };
  const char = text[mismatch.index]!;
  const inner = mismatch.open.at(-1)!;
  return {
    ok: false,
    message: `a \`${char}\` closes ${kindOf[inner]} (near character ${mismatch.index}): a typo for \`${closerOf[inner]}\`, or a \`${closerOf[inner]}\` missing before it? Write matching brackets`,
  };
}
