/**
 * Reads the typed thoughts of a streamed envelope as each one completes, cheaply: only when a `}`
 * arrives, count the thought objects of the `thoughts` array that are closed (a string-aware bracket
 * scan, so a `}` or `{"a":1}` inside a thought's content does not close it), and only when that
 * count grew, repair the partial JSON (jsonrepair) to read their values.
 */
import { jsonrepair } from 'jsonrepair';
import type { Thought } from '../decision.ts';
import { closingBracketIndex } from '../protocols/extract/closing-bracket-index.ts';

export class EnvelopeThoughtTracker {
  #emitted = 0;
  /** Closed elements of the thoughts array seen so far (thoughts or not). */
  #closed = 0;

  /** The thoughts completed since the last call, given the text so far and the latest delta. */
  update(text: string, delta: string): Thought[] {
    if (!delta.includes('}') && !delta.includes(']')) return [];
    const closed = closedElements(text);
    if (closed <= this.#closed) return [];
    this.#closed = closed;
    const complete = completedThoughts(text, closed);
    if (complete.length <= this.#emitted) return [];
    const fresh = complete.slice(this.#emitted);
    this.#emitted = complete.length;
    return fresh;
  }

  /** The thoughts of the final decision not yet reported. */
  remaining(all: readonly Thought[]): Thought[] {
    const rest = all.slice(this.#emitted);
    this.#emitted = Math.max(this.#emitted, all.length);
    return rest;
  }
}

/** The `"thoughts": [` of the envelope. In valid JSON a quote inside a string is escaped, so this cannot match inside a value. */
const thoughtsArray = /"thoughts"\s*:\s*\[/;

/** How many elements of the `thoughts` array are complete in `text` (every element once the array is closed). */
function closedElements(text: string): number {
  const match = thoughtsArray.exec(text);
  if (!match) return 0;
  let count = 0;
  let index = match.index + match[0].length;
  while (index < text.length) {
    const char = text[index];
    if (char === '{' || char === '[') {
      const end = closingBracketIndex(text, index);
      if (end < 0) return count;
      count += 1;
      index = end;
    } else if (char === '"') {
      const end = closingQuoteIndex(text, index);
      if (end < 0) return count;
      count += 1;
      index = end;
    } else if (char === ']') return Number.POSITIVE_INFINITY;
    else index += 1;
  }
  return count;
}

/** The index just past the quote that closes the string opened at `open`; -1 when the text ends first. */
function closingQuoteIndex(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index + 1;
  }
  return -1;
}

/** The first `closed` elements of the thoughts array that are thoughts, read from the repaired text. */
function completedThoughts(text: string, closed: number): Thought[] {
  const start = text.indexOf('{');
  if (start < 0) return [];
  let value: unknown;
  try {
    value = JSON.parse(jsonrepair(text.slice(start)));
  } catch {
    return [];
  }
  const elements = (value as { thoughts?: unknown } | null)?.thoughts;
  if (!Array.isArray(elements)) return [];
  return elements.slice(0, closed).filter(isThought);
}

function isThought(value: unknown): value is Thought {
  const candidate = value as Thought | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.type === 'string' && typeof candidate.content === 'string';
}
