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

  it('reads the `[Tool call:` spelling and a call with no arguments written without parentheses, in reply order', () => {
    const spelled = parse('Booking now. [Tool call: book_room({"hotel": "Harbour Lodge"})] Done soon.');
    expect(spelled.success && spelled.decisions).toEqual([call('book_room', { hotel: 'Harbour Lodge' })]);
    const bare = parse('First the list: [Calling tool: list_hotels]');
    expect(bare.success && bare.decisions).toEqual([call('list_hotels', {})]);
    const mixed = parse('[Calling tool: book_room({"hotel": "Elm"})] then [Tool call: list_hotels]', 2);
    expect(mixed.success && mixed.decisions).toEqual([call('book_room', { hotel: 'Elm' }), call('list_hotels', {})]);
    const reversed = parse('[Tool call: list_hotels] then [Calling tool: book_room({"hotel": "Elm"})]', 2);
    expect(reversed.success && reversed.decisions).toEqual([call('list_hotels', {}), call('book_room', { hotel: 'Elm' })]);
  });

  it('never answers with a `[Tool call:` marker left open, and checks a bare call against its schema', () => {
    for (const text of ['Next [Tool call: list_hotels', 'Next [Tool call: list_hotels(', '[Tool call: book_room({"hotel": "Elm"', 'Try [Calling tool: book_room]']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('property: a bare call of any offered tool without parameters reads back, and cut before its `]` never runs or answers', () => {
    fc.assert(
      fc.property(fc.constantFrom('[Calling tool:', '[Tool call:'), fc.stringMatching(/^[A-Za-z .,]{0,20}$/), (marker, before) => {
        const text = `${before}${marker} list_hotels]`;
        const whole = parse(text);
        expect(whole.success && whole.decisions).toEqual([call('list_hotels', {})]);
        expect(parse(text.slice(0, -1)).success, text).toBe(false);
      }),
    );
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
