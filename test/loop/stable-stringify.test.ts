/**
 * The loop detector's key: `stableStringify` takes plain `JSON.stringify` when every object's keys
 * are in order already. It must write exactly what the sorting replacer writes, on any value
 * (keys in or out of order, integer-like keys, `toJSON`, nesting past the quick check's depth).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortedStringify, stableStringify } from '../../src/loop/loop-detector.ts';

const key = fc.oneof(fc.constantFrom('a', 'b', 'B', '_', '', '0', '1', '10', '2', 'é', 'a b'), fc.string({ maxLength: 3 }));
const leaf = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 4 }), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.date());
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 5 }),
    // An object with sorted keys, the quick path's case.
    fc.uniqueArray(key, { maxLength: 4 }).chain((keys) => fc.tuple(...keys.sort().map((name) => fc.tuple(fc.constant(name), tie('node')))).map((entries) => Object.fromEntries(entries))),
  ),
})).node;

function nested(levels: number, inner: unknown): unknown {
  let current = inner;
  for (let level = 0; level < levels; level++) current = level % 2 ? [current] : { x: current };
  return current;
}

describe('stableStringify', () => {
  it('writes what the sorting replacer writes, for any value', () => {
    fc.assert(
      fc.property(value, (given) => {
        expect(stableStringify(given)).toBe(sortedStringify(given));
      }),
      { numRuns: 600 },
    );
  });

  it('agrees past the quick check depth, with toJSON, and on keys out of order deep down', () => {
    for (const levels of [30, 33, 40, 200]) {
      expect(stableStringify(nested(levels, { b: 1, a: 2 }))).toBe(sortedStringify(nested(levels, { b: 1, a: 2 })));
      expect(stableStringify(nested(levels, { a: 1, b: 2 }))).toBe(sortedStringify(nested(levels, { a: 1, b: 2 })));
    }
    const custom = { a: 1, b: { toJSON: () => ({ z: 1, y: 2 }) } };
    expect(stableStringify(custom)).toBe('{"a":1,"b":{"y":2,"z":1}}');
    expect(stableStringify({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });

  it('throws on a cycle as the replacer path does', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => stableStringify(cycle)).toThrow(TypeError);
  });
});
