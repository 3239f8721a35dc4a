/**
 * Finds the top-level JSON objects (and arrays of objects) in free text: prose, code fences and other
 * noise around them are skipped. Only double quotes delimit strings while scanning, so apostrophes in
 * prose cannot derail it. A span still open at the end of the text (truncated output) is returned
 * with `complete: false`; JSON repair may close it.
 */
import { closingBracketIndex } from './closing-bracket-index.ts';

export interface JsonSpan {
  /** The candidate text, from its opening bracket to its closing one (or to the end). */
  text: string;
  start: number;
  /** Index after the last character of the span. */
  end: number;
  complete: boolean;
}

/** Index of the next top-level candidate opening at or after `from`: `{`, or `[` followed by `{`. */
function nextOpening(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === '{') return index;
    if (char === '[' && /^\[\s*\{/.test(text.slice(index, index + 64))) return index;
  }
  return -1;
}

/** All top-level candidates, in order; at most `limit` of them. */
export function findJsonSpans(text: string, limit = 16): JsonSpan[] {
  const spans: JsonSpan[] = [];
  let from = 0;
  while (spans.length < limit) {
    const start = nextOpening(text, from);
    if (start < 0) break;
    const end = closingBracketIndex(text, start);
    if (end < 0) {
      spans.push({ text: text.slice(start), start, end: text.length, complete: false });
      break;
    }
    spans.push({ text: text.slice(start, end), start, end, complete: true });
    from = end;
  }
  return spans;
}

/** True when `text` holds at least one complete top-level JSON object (cheap; for streaming). */
export function hasCompleteJsonObject(text: string): boolean {
  const start = nextOpening(text, 0);
  return start >= 0 && closingBracketIndex(text, start) > 0;
}

/** The text outside the spans, e.g. to tell whether prose surrounded the JSON. */
export function textOutside(text: string, spans: readonly JsonSpan[]): string {
  let rest = '';
  let from = 0;
  for (const span of spans) {
    rest += text.slice(from, span.start);
    from = span.end;
  }
  return rest + text.slice(from);
}
