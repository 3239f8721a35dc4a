/**
 * A Hermes `<tool_call>` block that cannot be read after a call read (cut off, left empty) is a
 * second call attempt: the turn is corrected, never run with the first call alone (issue 25: calls
 * dropped). Before any call is read, such a block's failure still lets another reader try the reply.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'water_plant', inputSchema: { type: 'object', properties: { pot: { type: 'string' } } } },
  { name: 'light_lamp', inputSchema: { type: 'object', properties: { room: { type: 'string' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const first = '<tool_call>\n{"name": "water_plant", "arguments": {"pot": "fern"}}\n</tool_call>';
const second = '{"name": "light_lamp", "arguments": {"room": "hall"}}';

describe('a Hermes block that cannot be read after a call read', () => {
  it.each([
    ['left empty at the end', `${first}\n<tool_call>\n`],
    ['cut off in its name', `${first}\n<tool_call>\n{"na`],
    ['cut off in its arguments', `${first}<tool_call>{"name": "light_lamp", "arguments": {"room": "ha`],
  ])('%s is corrected, not dropped', (_label, text) => {
    expect(parse(text).success).toBe(false);
  });

  it('two whole blocks still run both calls', () => {
    const result = parse(`${first}\n<tool_call>\n${second}\n</tool_call>`);
    expect(result.success && result.decisions.map((decision) => decision.action === 'call_tool' && decision.tool)).toEqual(['water_plant', 'light_lamp']);
  });

  it('never runs the first call alone when a second block is cut anywhere (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: second.length - 1 }), fc.constantFrom('', '\n'), (cut, gap) => {
        const result = parse(`${first}${gap}<tool_call>${gap}${second.slice(0, cut)}`);
        expect(result.success && result.decisions.length === 1).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
