/**
 * Incremental completeness checks for streamed turns. A check is fed each text delta once and keeps
 * its state between deltas, so a whole turn costs time linear in its length however it is split.
 * `push` is true when the delta may have completed a decision that was not complete before (a new
 * top-level JSON value closed, a closing tag arrived, a call line ended): the loop then tries `parse`.
 */
export interface CompletionCheck {
  push(delta: string): boolean;
}

/** Whitespace allowed between a top-level `[` and the `{` that makes it an array of objects. */
const MAX_GAP = 62;

const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACE = 0x7d; // }
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c;
const isGap = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * The state of `jsonCompletionCheck` between deltas. Code units are read (`charCodeAt`), not code
 * points: every character the scan looks at is ASCII, and no half of a surrogate pair equals one.
 */
class JsonCompletion implements CompletionCheck {
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** -1 outside a top-level `[`; else how much whitespace followed it so far. */
  #gap = -1;

  push(delta: string): boolean {
    let closed = false;
    for (let index = 0; index < delta.length; index++) if (this.#step(delta.charCodeAt(index))) closed = true;
    return closed;
  }

  #step(code: number): boolean {
    if (this.#depth === 0) {
      if (this.#gap >= 0) {
        if (code === OPEN_BRACE) {
          this.#gap = -1;
          this.#depth = 2;
          return false;
        }
        if (isGap(code) && this.#gap < MAX_GAP) {
          this.#gap += 1;
          return false;
        }
        this.#gap = -1;
      }
      if (code === OPEN_BRACE) this.#depth = 1;
      else if (code === OPEN_BRACKET) this.#gap = 0;
      return false;
    }
    if (this.#inString) {
      if (this.#escaped) this.#escaped = false;
      else if (code === BACKSLASH) this.#escaped = true;
      else if (code === QUOTE) this.#inString = false;
      return false;
    }
    if (code === QUOTE) this.#inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) this.#depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      this.#depth -= 1;
      return this.#depth === 0;
    }
    return false;
  }
}

/**
 * True each time a top-level JSON object (or array of objects) closes: the string-aware bracket
 * scan of `findJsonSpans`, run one character at a time. Only double quotes delimit strings, so
 * apostrophes in prose cannot derail it.
 */
export function jsonCompletionCheck(): CompletionCheck {
  return new JsonCompletion();
}

/** True when a match of `pattern` ends in this delta; `longest` bounds a match's length. */
export function tailMatchCheck(pattern: RegExp, longest: number): CompletionCheck {
  const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let tail = '';
  return {
    push(delta) {
      const window = tail + delta;
      const known = tail.length;
      tail = window.slice(-(longest - 1));
      for (const match of window.matchAll(global)) if (match.index + match[0].length > known) return true;
      return false;
    },
  };
}

/** True when a line that `pattern` matches (tested from the line's start) ends in this delta. */
export function lineCompletionCheck(pattern: RegExp): CompletionCheck {
  let line = '';
  return {
    push(delta) {
      let found = false;
      let from = 0;
      for (let end = delta.indexOf('\n'); end >= 0; end = delta.indexOf('\n', from)) {
        line += delta.slice(from, end);
        if (pattern.test(line)) found = true;
        line = '';
        from = end + 1;
      }
      line += delta.slice(from);
      return found;
    },
  };
}

/** For protocols whose decisions only the end of the stream completes (native tool calls). */
export const neverComplete = (): CompletionCheck => ({ push: () => false });
