/**
 * A call element whose JSON holds a call's arguments but names no tool (`nameless-element-call.ts`)
 * is a call attempt, corrected, never the answer; a tool definition echoed in such an element, or the
 * markup quoted as code, stays an answer. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tools: ToolSpec[] = [{ name: 'convert_units', inputSchema: { type: 'object', properties: { amount: { type: 'number' }, unit: { type: 'string' } }, required: ['amount'] } }];
const read = (text: string) => parseDecision('native', text, { tools });
const answered = (text: string) => {
  const result = read(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('a call element naming no tool', () => {
  it('is corrected, naming the element', () => {
    for (const text of [
      '<tool>\n{"args": {"amount": 3, "unit": "km"}}\n</tool>',
      'Converting now.\n<function_call>{"arguments": {"amount": 3}, "id": "c1"}</function_call>',
      '<action>{"input": {"unit": "mi"}}</action> then I report back',
    ]) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/names no tool/);
    }
  });

  it('stays an answer when the element echoes a tool definition, holds a name, or is quoted as code', () => {
    expect(answered('The tool takes <tool>{"parameters": {"type": "object", "properties": {"amount": {"type": "number"}}}}</tool>.')).toBe(true);
    expect(answered('Wrap it as `<tool>{"args": {"amount": 3}}</tool>` in your own agent.')).toBe(true);
    expect(answered('<note>{"args": {"amount": 3}}</note> is what I sent.')).toBe(true);
  });

  it('property: any call wrapper holding arguments under any argument key, with or without prose, is never answered', () => {
    const wrapper = fc.constantFrom('tool', 'function', 'action', 'tool_call_json', 'FunctionCall', 'invoke');
    const argumentKey = fc.constantFrom('args', 'arguments', 'parameters', 'input', 'params');
    const args = fc.record({ amount: fc.integer({ min: 0, max: 99 }), unit: fc.constantFrom('km', 'mi', 'kg') });
    const prose = fc.constantFrom('', 'On it.\n', 'Let me convert that: ');
    fc.assert(
      fc.property(wrapper, argumentKey, args, prose, fc.boolean(), (name, key, value, before, withId) => {
        const body = JSON.stringify(withId ? { id: 'call_0', [key]: value } : { [key]: value });
        const text = `${before}<${name}>${body}</${name}>`;
        expect(answered(text), text).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
