/**
 * The quick check of `findValueProblem` (recursive, no allocation, bounded by the depth limit)
 * must agree with the walk that names the problem's path, on any value a model can write.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeValueProblem, findValueProblem, hasValueProblem } from '../../src/tools/value-limits.ts';

const leaf = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Infinity, -Infinity, Number.NaN, 1e308), fc.string(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 })),
})).node;

/** A value nested `levels` deep (arrays or objects), holding `inner`. */
function nested(levels: number, inner: unknown, asObject: boolean): unknown {
  let current = inner;
  for (let level = 0; level < levels; level++) current = asObject ? { k: current } : [current];
  return current;
}

describe('value limits', () => {
  it('the quick check finds a problem exactly when the path walk names one', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 1, max: 6 }), (given, depthLimit) => {
        expect(hasValueProblem(given, depthLimit)).toBe(describeValueProblem(given, depthLimit) !== undefined);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees at the depth limit and stays within it on a value nested far deeper', () => {
    for (const asObject of [false, true]) {
      for (const levels of [63, 64, 65, 100_000]) {
        const deep = nested(levels, 1, asObject);
        expect(hasValueProblem(deep, 64)).toBe(describeValueProblem(deep, 64) !== undefined);
        expect(findValueProblem(deep) !== undefined).toBe(levels > 64);
      }
    }
  });
});
