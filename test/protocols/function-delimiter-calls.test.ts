/**
 * Gorilla OpenFunctions v2 writes `<<function>>` before each pythonic call. Each block must hold
 * calls only and run to the next `<<function>>` or the reply's end; anything else is corrected.
 * Written for reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'book_room', inputSchema: { type: 'object', properties: { hotel: { type: 'string' }, nights: { type: 'integer' } }, required: ['hotel'] } },
  { name: 'set_alarm', inputSchema: { type: 'object', properties: { at: { type: 'string' }, loud: { type: 'boolean' } }, required: ['at'] } },
];

const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });

describe('calls after <<function>>', () => {
  it('reads one call, and one per delimiter', () => {
    expect(parse('<<function>>book_room(hotel="Ibis Gent", nights=2)')).toMatchObject({
      success: true,
      decision: { action: 'call_tool', tool: 'book_room', args: { hotel: 'Ibis Gent', nights: 2 } },
    });
    const two = parse('<<function>>set_alarm(at="06:30", loud=True)\n<<function>>book_room(hotel="Hilton")', 2);
    expect(two).toMatchObject({ success: true, decisions: [{ tool: 'set_alarm', args: { at: '06:30', loud: true } }, { tool: 'book_room', args: { hotel: 'Hilton' } }] });
  });

  it('corrects a call cut off, a positional argument, and prose after the call', () => {
    expect(parse('<<function>>book_room(hotel="Ibis Gent", nights=').success).toBe(false);
    expect(parse('<<function>>book_room("Ibis Gent")').success).toBe(false);
    expect(parse('<<function>>book_room(hotel="Ibis") and then I will set the alarm').success).toBe(false);
  });

  it('never runs the first call alone when a later block cannot be read', () => {
    expect(parse('<<function>>set_alarm(at="07:00")<<function>>book_room(hotel="Ibis"', 2).success).toBe(false);
  });

  it('leaves a delimiter quoted as code as prose', () => {
    expect(parse('The model writes `<<function>>book_room(hotel="x")` for a call.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('property: any hotel and nights read back as written', () => {
    const hotel = fc.stringMatching(/^[A-Za-z][A-Za-z .'-]{0,24}$/);
    fc.assert(
      fc.property(hotel, fc.integer({ min: 0, max: 400 }), (name, nights) => {
        expect(parse(`<<function>>book_room(hotel=${JSON.stringify(name)}, nights=${nights})`)).toMatchObject({
          success: true,
          decision: { tool: 'book_room', args: { hotel: name, nights } },
        });
      }),
      { numRuns: 100 },
    );
  });
});
