/**
 * A call written like a script's, its JSON object the one argument (`name({..})`, `name-then-json.ts`):
 * read as the offered tool with that object, as `name{..}` is; cut off, given a second argument, or
 * with words after it, it is never run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'moor_boat', inputSchema: { type: 'object', properties: { berth: { type: 'string' }, hours: { type: 'number' } }, required: ['berth'] } },
  { name: 'harbour.moor_boat', inputSchema: { type: 'object', properties: { berth: { type: 'string' } }, required: ['berth'] } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const ranCall = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'call_tool');
};

describe('a call with a JSON object as its one argument', () => {
  it('reads the offered tool named before the parenthesis, a dotted name whole', () => {
    expect(parse('moor_boat({"berth": "B4", "hours": 2})')).toMatchObject({ success: true, decisions: [{ tool: 'moor_boat', args: { berth: 'B4', hours: 2 } }] });
    expect(parse('harbour.moor_boat( {"berth": "C1"} )')).toMatchObject({ success: true, decisions: [{ tool: 'harbour.moor_boat', args: { berth: 'C1' } }] });
    expect(parse('moor_boat({"berth": "A"})\nmoor_boat({"berth": "B"})')).toMatchObject({ success: true, decisions: [{ args: { berth: 'A' } }, { args: { berth: 'B' } }] });
  });

  it('is never run when a second argument or words follow the object', () => {
    expect(ranCall('moor_boat({"berth": "B4"}, {"hours": 2})')).toBe(false);
    expect(ranCall('moor_boat({"berth": "B4"}) and then wait')).toBe(false);
  });

  it('reads as the same call written name{..}, and cut off anywhere it is never run (fast-check)', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/);
    fc.assert(
      fc.property(word, fc.integer({ min: 1, max: 99 }), fc.nat(), (berth, hours, at) => {
        const object = JSON.stringify({ berth, hours });
        const whole = `moor_boat(${object})`;
        const read = parse(whole);
        expect(read.success && read.decisions).toEqual(((result) => result.success && result.decisions)(parse(`moor_boat${object}`)));
        expect(read).toMatchObject({ success: true, decisions: [{ tool: 'moor_boat', args: { berth, hours } }] });
        const cut = whole.slice(0, 'moor_boat('.length + (at % (whole.length - 'moor_boat('.length)));
        expect(ranCall(cut), cut).toBe(false);
      }),
      { numRuns: 150 },
    );
  });
});
