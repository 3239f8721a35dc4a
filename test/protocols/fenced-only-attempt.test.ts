/**
 * A reply made of fenced blocks alone quotes nothing (`fenced-only-attempt.ts`): a block holding a
 * call attempt is corrected, never returned as the answer; with words around the fences, a call in
 * one stays an example.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'screen.tap', inputSchema: { type: 'object', properties: { x: {}, y: {} } } }];
const parse = (text: string) => parseDecision('native', text, { tools });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decision.action === 'answer_user';
};

describe('a reply of fenced blocks alone', () => {
  it('is corrected when a block holds a call attempt of an offered tool', () => {
    for (const text of ['```notes\nstep two\n```\n```python\nscreen.tap(40, 12)\n```', '```state\nGO\n```\n\n~~~\nscreen.tap(1, 2)\n~~~']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('stays the answer when its blocks hold no call, or when words stand around the fences', () => {
    for (const text of ['```notes\nstep two\n```\n```python\nprint(42)\n```', 'Here is how a tap looks:\n```python\nscreen.tap(40, 12)\n```\n```notes\nx\n```']) {
      expect(answered(text), text).toBe(true);
    }
  });

  it('property: two fences, one holding a positional call of an offered tool, are never the answer (fast-check)', () => {
    const label = fc.constantFrom('', 'python', 'memory', 'text');
    fc.assert(
      fc.property(label, label, fc.integer({ min: 0, max: 999 }), fc.boolean(), (first, second, x, callFirst) => {
        const call = `\`\`\`${first}\nscreen.tap(${x}, 7)\n\`\`\``;
        const other = `\`\`\`${second}\nnothing to see\n\`\`\``;
        expect(answered(callFirst ? `${call}\n${other}` : `${other}\n\n${call}`)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
