/**
 * A reply that opens with `name {..}` calls of offered tools (`name-then-json.ts`) and goes on in
 * prose, on a new line or as a new sentence, is read: the calls run and the prose is the reply's own,
 * checked for other call attempts (a second call written in it is corrected, never dropped). Words
 * continuing the call's line in lower case make it part of a sentence: never run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'locate_lamp', inputSchema: { type: 'object', properties: { room: { type: 'string' } }, required: ['room'] } },
  { name: 'dim_lamp', inputSchema: { type: 'object', properties: { percent: { type: 'number' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const ranCall = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'call_tool');
};

describe('name {..} calls followed by prose', () => {
  it.each([
    ['a new sentence on the same line', 'locate_lamp {"room": "study"} Then I will switch it on.'],
    ['a new line', 'locate_lamp {"room": "study"}\nthat is the one by the window.'],
    ['two calls, then a sentence', 'locate_lamp {"room": "study"}\ndim_lamp {"percent": 40}\nBoth are on their way.'],
  ])('reads the calls when %s follows', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decisions[0]).toMatchObject({ action: 'call_tool', tool: 'locate_lamp', args: { room: 'study' } });
  });

  it('corrects a second call written in the prose, and never runs a call continued by words in lower case', () => {
    for (const text of ['locate_lamp {"room": "study"}\nNext: dim_lamp({"percent": 40})', 'locate_lamp {"room": "study"} and then dim it', 'locate_lamp {"room": "study"}\nThen this.\ndim_lamp\n{}']) {
      expect(ranCall(text), text).toBe(false);
    }
    expect(parse('locate_lamp {"room": "study"}\nNext: dim_lamp({"percent": 40})').success).toBe(false);
  });

  it('property: the opening call runs with its arguments and the sentence after it stays prose', () => {
    const room = fc.stringMatching(/^[a-z ]{1,12}$/);
    const sentence = fc.stringMatching(/^[A-Z][a-z ,]{0,30}\.$/);
    fc.assert(
      fc.property(room, sentence, fc.constantFrom(' ', '\n'), (value, prose, gap) => {
        const result = parse(`locate_lamp ${JSON.stringify({ room: value })}${gap}${prose}`);
        expect(result.success && result.decisions.filter((decision) => decision.action === 'call_tool')).toEqual([
          expect.objectContaining({ tool: 'locate_lamp', args: { room: value } }),
        ]);
      }),
    );
  });
});
