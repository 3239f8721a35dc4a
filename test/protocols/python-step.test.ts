/**
 * A ReAct step written as a Python call on its `Action:` line (`python-step.ts`): literal arguments,
 * keyword or positional, read as Python binds them; anything else stays a correction. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'press', inputSchema: { type: 'object', properties: { target: { type: 'integer' } }, required: ['target'] } },
  { name: 'drag', inputSchema: { type: 'object', properties: { target: { type: 'integer' }, way: { type: 'string' }, length: { type: 'string' } } } },
];
const read = (text: string) => parseDecision('native', text, { tools });

describe('a ReAct step written as a Python call', () => {
  it.each([
    ['one positional value', 'Thought: the door is item 4.\nAction: press(4)', { tool: 'press', args: { target: 4 } }],
    ['values in declaration order, a summary after it', 'Observation: a list.\nThought: move it up.\nAction: drag(9, "up", "short")\nSummary: I moved the list up.', { tool: 'drag', args: { target: 9, way: 'up', length: 'short' } }],
    ['a value and a keyword', 'Thought: move it.\nAction: drag(9, length="long")', { tool: 'drag', args: { target: 9, length: 'long' } }],
  ])('reads %s', (_, text, decision) => {
    expect(read(text)).toMatchObject({ success: true, decisions: [decision] });
  });

  it('corrects a name as a value, too many values and a parameter given twice', () => {
    for (const text of ['Thought: t.\nAction: press(door)', 'Thought: t.\nAction: press(1, 2)', 'Thought: t.\nAction: drag(9, target=3)']) {
      expect(read(text).success, text).toBe(false);
    }
  });

  it('property: literals on an Action line bind to the first declared parameters in order (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('', 'Thought: next.\n'), (target, way, lead) => {
        const result = read(`${lead}Action: drag(${target}, "${way}")`);
        expect(result).toMatchObject({ success: true, decisions: [{ tool: 'drag', args: { target, way } }] });
      }),
      { numRuns: 80 },
    );
  });
});
