/**
 * The judge, case by case against BFCL's rules as /work/shared/bfcl/README.md restates them
 * (its "How BFCL judges a call" list), on entries shaped like BFCL's own.
 */
import { describe, expect, it } from 'vitest';
import { judge, judgeCall } from '../../src/eval/judge.ts';
import { parseTaskLines } from '../../src/eval/parse-tasks.ts';
import { standardizeString } from '../../src/eval/match-value.ts';
import type { ExpectedCall } from '../../src/spec/eval-report.ts';

const triangle = parseTaskLines(
  JSON.stringify({
    id: 'simple_python_0',
    question: [[{ role: 'user', content: 'Find the area of a triangle with a base of 10 units and height of 5 units.' }]],
    function: [
      {
        name: 'calculate_triangle_area',
        description: 'Calculate the area of a triangle given its base and height.',
        parameters: { type: 'dict', properties: { base: { type: 'integer' }, height: { type: 'integer' }, unit: { type: 'string' } }, required: ['base', 'height'] },
      },
    ],
    ground_truth: [{ calculate_triangle_area: { base: [10], height: [5], unit: ['units', ''] } }],
  }),
  'inline',
)[0]!;

const accepted = (name: string, args: Record<string, unknown[]>): ExpectedCall => ({ name, args });

describe('one call (simple)', () => {
  const expected = triangle.expected;

  it('accepts the right call, with an optional parameter left out or given', () => {
    expect(judge(expected, [{ name: 'calculate_triangle_area', args: { base: 10, height: 5 } }], triangle.tools).correct).toBe(true);
    expect(judge(expected, [{ name: 'calculate_triangle_area', args: { base: 10, height: 5, unit: 'units' } }], triangle.tools).correct).toBe(true);
  });

  it('refuses another function name', () => {
    expect(judge(expected, [{ name: 'calculate_square_area', args: { base: 10, height: 5 } }], triangle.tools)).toEqual({ correct: false, reason: 'called calculate_square_area, expected calculate_triangle_area' });
  });

  it('refuses a value outside the accepted ones', () => {
    const verdict = judge(expected, [{ name: 'calculate_triangle_area', args: { base: 10, height: 6 } }], triangle.tools);
    expect(verdict.correct).toBe(false);
    expect(verdict.reason).toContain('height = 6');
  });

  it('refuses a parameter outside the accepted ones', () => {
    expect(judge(expected, [{ name: 'calculate_triangle_area', args: { base: 10, height: 5, color: 'red' } }], triangle.tools).reason).toContain('unexpected parameter color');
  });

  it('refuses a required parameter left out', () => {
    expect(judge(expected, [{ name: 'calculate_triangle_area', args: { base: 10 } }], triangle.tools).reason).toContain('required parameter height missing');
  });

  it('refuses a parameter left out whose accepted values have no ""', () => {
    const call = accepted('f', { a: [1], b: [2] });
    expect(judgeCall({ name: 'f', args: { a: 1 } }, call).reason).toBe('f: parameter b missing');
  });

  it('refuses no call and two calls', () => {
    expect(judge(expected, []).reason).toBe('made 0 calls, expected 1');
    const call = { name: 'calculate_triangle_area', args: { base: 10, height: 5 } };
    expect(judge(expected, [call, call]).reason).toBe('made 2 calls, expected 1');
  });
});

describe('names', () => {
  it('accepts a . written as _ (providers that forbid dots), and only that', () => {
    const call = accepted('math.factorial', { number: [5] });
    expect(judgeCall({ name: 'math_factorial', args: { number: 5 } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'math.factorial', args: { number: 5 } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'mathfactorial', args: { number: 5 } }, call).correct).toBe(false);
  });
});

describe('values', () => {
  it('compares strings after removing spaces and , . / - _ * ^, lowercasing, single quotes as double', () => {
    expect(standardizeString('April 1, 2024')).toBe(standardizeString('april 1 2024'));
    expect(standardizeString("it's")).toBe(standardizeString('it"s'));
    expect(standardizeString('New-York_City*^/.')).toBe('newyorkcity');
    const call = accepted('book', { date: ['April 1, 2024'], city: ['San Francisco'] });
    expect(judgeCall({ name: 'book', args: { date: 'april 1 2024', city: 'san_francisco' } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'book', args: { date: 'April 2, 2024', city: 'San Francisco' } }, call).correct).toBe(false);
  });

  it('accepts an integer where a float is expected, never a string for a number or a boolean for 1', () => {
    const call = accepted('pay', { amount: [3.0, 2.5], flag: [true] });
    expect(judgeCall({ name: 'pay', args: { amount: 3, flag: true } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'pay', args: { amount: 2.5, flag: true } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'pay', args: { amount: '3', flag: true } }, call).correct).toBe(false);
    expect(judgeCall({ name: 'pay', args: { amount: 3, flag: 1 } }, call).correct).toBe(false);
  });

  it('compares lists element by element, in order, strings standardized', () => {
    const call = accepted('sum', { multiples: [[3, 5]], names: [['Alice Smith', 'bob']] });
    expect(judgeCall({ name: 'sum', args: { multiples: [3, 5], names: ['alice smith', 'Bob'] } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'sum', args: { multiples: [5, 3], names: ['alice smith', 'Bob'] } }, call).correct).toBe(false);
    expect(judgeCall({ name: 'sum', args: { multiples: [3, 5, 7], names: ['alice smith', 'Bob'] } }, call).correct).toBe(false);
  });

  it('compares dictionaries key by key, a key left out only where its values hold ""', () => {
    const call = accepted('drink', { prefs: [{ size: ['large'], milk: ['coconut', 'oat'], sugar: ['', 'none'] }] });
    expect(judgeCall({ name: 'drink', args: { prefs: { size: 'Large', milk: 'oat' } } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'drink', args: { prefs: { size: 'large', milk: 'oat', sugar: 'none' } } }, call).correct).toBe(true);
    expect(judgeCall({ name: 'drink', args: { prefs: { size: 'large' } } }, call).correct).toBe(false);
    expect(judgeCall({ name: 'drink', args: { prefs: { size: 'large', milk: 'oat', ice: 'yes' } } }, call).correct).toBe(false);
  });
});

describe('several calls (parallel, parallel_multiple) and the right function (multiple)', () => {
  const expected = {
    kind: 'calls' as const,
    calls: [accepted('weather', { city: ['Paris'] }), accepted('weather', { city: ['Rome'] }), accepted('time', { zone: ['CET'] })],
  };

  it('accepts the calls in any order', () => {
    const calls = [
      { name: 'time', args: { zone: 'CET' } },
      { name: 'weather', args: { city: 'Rome' } },
      { name: 'weather', args: { city: 'Paris' } },
    ];
    expect(judge(expected, calls).correct).toBe(true);
  });

  it('refuses a different count, and one call standing for two', () => {
    expect(judge(expected, [{ name: 'weather', args: { city: 'Paris' } }, { name: 'time', args: { zone: 'CET' } }]).reason).toBe('made 2 calls, expected 3');
    const doubled = [
      { name: 'weather', args: { city: 'Paris' } },
      { name: 'weather', args: { city: 'Paris' } },
      { name: 'time', args: { zone: 'CET' } },
    ];
    expect(judge(expected, doubled).reason).toContain('no call matches weather');
  });

  it('multiple: the right function of those offered', () => {
    const one = { kind: 'calls' as const, calls: [accepted('time', { zone: ['CET'] })] };
    expect(judge(one, [{ name: 'time', args: { zone: 'CET' } }]).correct).toBe(true);
    expect(judge(one, [{ name: 'weather', args: { zone: 'CET' } }]).correct).toBe(false);
  });
});

describe('irrelevance and relevance', () => {
  it('irrelevance: right only with no call at all', () => {
    expect(judge({ kind: 'no-call' }, []).correct).toBe(true);
    expect(judge({ kind: 'no-call' }, [{ name: 'bmi', args: {} }]).reason).toBe('called bmi where no call was right');
  });

  it('live_relevance: right with any call', () => {
    expect(judge({ kind: 'any-call' }, [{ name: 'anything', args: { x: 1 } }]).correct).toBe(true);
    expect(judge({ kind: 'any-call' }, []).correct).toBe(false);
  });
});
