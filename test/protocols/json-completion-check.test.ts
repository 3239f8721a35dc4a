/**
 * `jsonCompletionCheck` reads code units (`charCodeAt`) for speed. It must say exactly what the
 * character-by-character scan it replaced said, on any text split into any deltas (surrogate pairs
 * split across deltas included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonCompletionCheck } from '../../src/protocols/completion-check.ts';

/** The scan as first written: one code point at a time (the oracle). */
function referenceCheck(): { push(delta: string): boolean } {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let gap = -1;
  const step = (char: string): boolean => {
    if (depth === 0) {
      if (gap >= 0) {
        if (char === '{') {
          gap = -1;
          depth = 2;
          return false;
        }
        if ((char === ' ' || char === '\n' || char === '\r' || char === '\t') && gap < 62) {
          gap += 1;
          return false;
        }
        gap = -1;
      }
      if (char === '{') depth = 1;
      else if (char === '[') gap = 0;
      return false;
    }
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      return false;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      return depth === 0;
    }
    return false;
  };
  return {
    push(delta) {
      let closed = false;
      for (const char of delta) if (step(char)) closed = true;
      return closed;
    },
  };
}

const unit = fc.constantFrom('{', '}', '[', ']', '"', '\\', ' ', '\n', '\t', '\r', 'a', ':', ',', '😀', 'é', '\\"');
const text = fc.array(unit, { maxLength: 120 }).map((parts) => parts.join(''));

describe('jsonCompletionCheck', () => {
  it('says what the character-by-character scan says, for every delta of any split', () => {
    fc.assert(
      fc.property(text, fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 30 }), (whole, sizes) => {
        const check = jsonCompletionCheck();
        const reference = referenceCheck();
        // Whole code points per delta, as streams deliver them (the reference iterates code points).
        const points = [...whole];
        let at = 0;
        for (let index = 0; at < points.length; index++) {
          const size = sizes[index % sizes.length] as number;
          const delta = points.slice(at, at + size).join('');
          at += size;
          expect(check.push(delta)).toBe(reference.push(delta));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('says the same on deltas that split surrogate pairs, long gaps and nested values', () => {
    const gaps = [0, 1, 61, 62, 63, 64, 70].map((spaces) => `[${' '.repeat(spaces)}{"a": 1}]`);
    const cases = [...gaps, '[ {"a": [1, {"b": "}"}]} ]', '{"x": "😀\\"}"}'];
    for (const whole of cases) {
      for (const size of [1, 2, 3, whole.length]) {
        const check = jsonCompletionCheck();
        const reference = referenceCheck();
        for (let at = 0; at < whole.length; at += size) {
          const delta = whole.slice(at, at + size);
          expect(check.push(delta)).toBe(reference.push(delta));
        }
      }
    }
  });
});
