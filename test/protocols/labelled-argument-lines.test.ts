/**
 * An action named on a labelled line with its arguments on labelled lines beside it, each label a
 * parameter the tool declares (`labelled-argument-lines.ts`): that call, the text before the block its
 * thought; a label the tool does not declare, a missing required parameter or text after the block
 * leave it a correction, never the answer; an undeclared label holding only `None` is passed over. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'FILL', inputSchema: { type: 'object', properties: { target: { type: 'string' }, text: { type: 'string' } }, required: ['target', 'text'] } },
  { name: 'press', inputSchema: { type: 'object', properties: { target: { type: 'string' }, repeat_count: { type: 'integer' } }, required: ['target'] } },
];
const read = (text: string) => parseDecision('native', text, { tools });

describe('an action with its arguments on labelled lines', () => {
  it('reads the labels around the action line as the declared parameters, in any case, the text before as the thought', () => {
    const result = read('I chose the postcode box.\n\n(Answer)\nTARGET: K\n\nACTION: FILL\n\nTEXT: 10115');
    expect(result).toMatchObject({ success: true, decision: { tool: 'FILL', args: { target: 'K', text: '10115' } } });
    expect(result.success && result.thoughts.map((thought) => thought.content)).toEqual(['I chose the postcode box.\n\n(Answer)']);
  });

  it('types values by the schema and reads a label with spaces as the parameter with underscores', () => {
    expect(read('Action: press\nTarget: the OK button\nRepeat count: 3')).toMatchObject({ success: true, decision: { tool: 'press', args: { target: 'the OK button', repeat_count: 3 } } });
  });

  it('passes over a label the tool does not declare that holds only None', () => {
    expect(read('TARGET: Q\n\nACTION: press\n\nVALUE: None')).toMatchObject({ success: true, decision: { tool: 'press', args: { target: 'Q' } } });
    expect(read('TARGET: Q\nACTION: press\nVALUE: N/A')).toMatchObject({ success: true, decision: { tool: 'press', args: { target: 'Q' } } });
  });

  it.each([
    ['a label the tool does not declare', 'TARGET: K\nACTION: FILL\nTEXT: 10115\nVALUE: 7'],
    ['a required parameter with no line', 'ACTION: FILL\nTEXT: 10115'],
    ['prose after the block', 'TARGET: K\nACTION: FILL\nTEXT: 10115\nThat fills the box.'],
    ['a parameter written twice', 'TARGET: K\nACTION: FILL\nTEXT: 1\nTEXT: 2'],
  ])('leaves %s a correction, never the answer', (_label, text) => {
    expect(read(text).success, text).toBe(false);
  });

  it('property: the labelled lines read as the same call written as one JSON input (fast-check)', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(value, value, fc.constantFrom('\n', '\n\n'), fc.boolean(), (target, text, gap, targetFirst) => {
        const labelled = targetFirst ? `TARGET: ${target}${gap}ACTION: FILL${gap}TEXT: ${text}` : `Action: FILL${gap}Text: ${text}${gap}Target: ${target}`;
        const json = read(`Action: FILL\nAction Input: ${JSON.stringify({ target, text })}`);
        const lines = read(`Thought: next.\n${labelled}`);
        expect(lines.success && lines.decisions).toEqual(json.success && json.decisions);
      }),
      { numRuns: 80 },
    );
  });
});
