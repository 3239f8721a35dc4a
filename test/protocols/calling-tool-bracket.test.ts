/**
 * `[Calling tool: name({json})]`, the rendering of a past call that Qwen chat templates put in the
 * history and models copy: read alone, after reasoning or prose and several in a row; cut off or
 * unreadable, a correction; shown as code, prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'book_room', inputSchema: { type: 'object', properties: { hotel: { type: 'string' }, nights: { type: 'integer' } }, required: ['hotel'] } },
  { name: 'list_hotels', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });

describe('[Calling tool: name(json)]', () => {
  it('reads a call alone, after reasoning, after a sentence, with empty parentheses, and several in order', () => {
    const alone = parse('[Calling tool: book_room({"hotel": "Fjord Inn", "nights": 2})]');
    expect(alone.success && alone.decisions).toEqual([call('book_room', { hotel: 'Fjord Inn', nights: 2 })]);
    const reasoned = parse('<think>The user named the inn.</think>\n[Calling tool: book_room({"hotel": "Fjord Inn"})]');
    expect(reasoned.success && reasoned.decisions).toEqual([call('book_room', { hotel: 'Fjord Inn' })]);
    const after = parse('Let me look.\n[Calling tool: list_hotels()]');
    expect(after.success && after.decisions).toEqual([call('list_hotels', {})]);
    const two = parse('[Calling tool: list_hotels({})][Calling tool: book_room({"hotel": "Sea View"})]', 2);
    expect(two.success && two.decisions).toEqual([call('list_hotels', {}), call('book_room', { hotel: 'Sea View' })]);
  });

  it('corrects a call cut off, unreadable, without its closing bracket, and a marker with no call', () => {
    for (const text of ['[Calling tool: book_room({"hotel": "Fj', '[Calling tool: book_room({"hotel": "Fjord"})', '[Calling tool: book_room({hotel = Fjord})]', '[Calling tool: ]', 'Booking.\n[Calling tool: book_room(']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('leaves a call shown as code in an answer', () => {
    const text = 'Past calls appear as `[Calling tool: list_hotels({})]` in the history.';
    const result = parse(text);
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: text }]);
  });

  it('property: any call written this way reads back as that call; cut anywhere inside, it never runs', () => {
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,12}[a-z]$/);
    fc.assert(
      fc.property(name, fc.integer({ min: 1, max: 30 }), fc.nat(), (hotel, nights, at) => {
        const text = `[Calling tool: book_room(${JSON.stringify({ hotel, nights })})]`;
        const whole = parse(text);
        expect(whole.success && whole.decisions).toEqual([call('book_room', { hotel, nights })]);
        const cut = text.slice(0, '[Calling tool: '.length + (at % (text.length - '[Calling tool: '.length)));
        expect(parse(cut).success, cut).toBe(false);
      }),
    );
  });
});
