/**
 * Reads the typed thoughts of a streamed envelope as each one completes, in time linear in the
 * streamed text: the `"thoughts": [` of the envelope is searched for in the new text only, then the
 * array's elements are scanned one character at a time, string-aware (a `}` or `{"a":1}` inside a
 * thought's content does not close it), and each element that closes is read alone, with the JSON
 * guard (`read-json.ts`: repaired where the repair need not guess, never with a key written twice). Thoughts the stream could not show are reported by `remaining`.
 */
import type { Thought } from '../../spec/decision.ts';
import type { ThoughtStream } from '../thought-stream.ts';
import { readJson } from '../extract/read-json.ts';

/** The `"thoughts": [` of the envelope. In valid JSON a quote inside a string is escaped, so this cannot match inside a value. */
const thoughtsArray = /"thoughts"\s*:\s*\[/g;
/** How far back a match of `thoughtsArray` may start before new text (a key split across deltas). */
const OVERLAP = 64;

export class EnvelopeThoughtTracker implements ThoughtStream {
  #emitted = 0;
  #phase: 'seek' | 'array' | 'done' = 'seek';
  /** While seeking: the end of the text seen so far, where a split `"thoughts": [` may have begun. */
  #tail = '';
  /** The text of the element being scanned, or undefined between elements. */
  #element: string | undefined;
  #depth = 0;
  #inString = false;
  #escaped = false;

  /** The thoughts completed by this delta of the streamed text. */
  update(delta: string): Thought[] {
    let rest = delta;
    if (this.#phase === 'seek') {
      const window = this.#tail + delta;
      thoughtsArray.lastIndex = 0;
      const match = thoughtsArray.exec(window);
      if (!match) {
        this.#tail = window.slice(-OVERLAP);
        return [];
      }
      this.#phase = 'array';
      this.#tail = '';
      rest = window.slice(match.index + match[0].length);
    }
    const fresh: Thought[] = [];
    let from = 0;
    for (let index = 0; index < rest.length && this.#phase === 'array'; index++) {
      const char = rest.charAt(index);
      if (this.#element === undefined) {
        if (char === ']') this.#phase = 'done';
        else if (char === '{' || char === '[' || char === '"') {
          this.#open(char);
          from = index;
        }
        continue;
      }
      if (!this.#closes(char)) continue;
      const thought = readThought(this.#element + rest.slice(from, index + 1));
      this.#element = undefined;
      if (thought) fresh.push(thought);
    }
    if (this.#element !== undefined) this.#element += rest.slice(from);
    this.#emitted += fresh.length;
    return fresh;
  }

  /** The thoughts of the final decision not yet reported. */
  remaining(all: readonly Thought[]): Thought[] {
    const rest = all.slice(this.#emitted);
    this.#emitted = Math.max(this.#emitted, all.length);
    return rest;
  }

  /** Starts an element at its first character. */
  #open(char: string): void {
    this.#element = '';
    this.#depth = char === '"' ? 0 : 1;
    this.#inString = char === '"';
    this.#escaped = false;
  }

  /** Advances over one character inside an element; true when it closed the element. */
  #closes(char: string): boolean {
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (char === '\\') this.#escaped = true;
      else if (char === '"') {
        this.#inString = false;
        return this.#depth === 0;
      }
      return false;
    }
    if (char === '"') this.#inString = true;
    else if (char === '{' || char === '[') this.#depth += 1;
    else if (char === '}' || char === ']') {
      this.#depth -= 1;
      return this.#depth === 0;
    }
    return false;
  }
}

/** One element, read by the guard every reply meets (`read-json.ts`): a key written twice, or damage the repair could only guess, shows no thought. */
function readThought(element: string): Thought | undefined {
  const reading = readJson(element);
  return reading.ok && isThought(reading.value) ? reading.value : undefined;
}

function isThought(value: unknown): value is Thought {
  const candidate = value as Thought | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.type === 'string' && typeof candidate.content === 'string';
}
