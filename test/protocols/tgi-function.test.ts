/**
 * Text Generation Inference's tool grammar, `{"function": {"_name": .., <arguments>}}` with `no_tool`
 * for an answer: read as the call or the answer it is, only when it is the whole reply.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'find_train', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, seats: { type: 'integer' } } } },
  { name: 'ping', inputSchema: { type: 'object' } },
];
const parse = (text: string) => parseDecision('native', text, { tools });

describe('TGI tool grammar', () => {
  it('reads the arguments beside _name as the call', () => {
    const result = parse('{"function": {"_name": "find_train", "from": "Bergen", "to": "Oslo", "seats": 2}}');
    expect(result.success && result.decisions).toEqual([{ action: 'call_tool', tool: 'find_train', args: { from: 'Bergen', to: 'Oslo', seats: 2 }, reason: '' }]);
    const bare = parse('{"function": {"_name": "ping"}}');
    expect(bare.success && bare.decisions).toEqual([{ action: 'call_tool', tool: 'ping', args: {}, reason: '' }]);
  });

  it('answers with the content of no_tool, and refuses no_tool holding anything else', () => {
    const result = parse('{"function": {"_name": "no_tool", "content": "Trains leave hourly."}}');
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: 'Trains leave hourly.' }]);
    expect(parse('{"function": {"_name": "no_tool", "content": "Hi", "mood": "glad"}}').success).toBe(false);
  });

  it('corrects a function no tool has, and leaves other JSON in an answer as written', () => {
    const unknown = parse('{"function": {"_name": "book_hotel", "city": "Oslo"}}');
    expect(unknown.success).toBe(false);
    const prose = 'The grammar uses {"function": {"_name": "..."}} objects.';
    const answer = parse(prose);
    expect(answer.success && answer.decisions).toEqual([{ action: 'answer_user', answer: prose }]);
  });

  it('property: any call written in the grammar reads back as that call, any no_tool content as that answer', () => {
    const place = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,14}$/);
    fc.assert(
      fc.property(place, place, fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^[\w ,.!?'"\\-]{0,40}$/), (from, to, seats, content) => {
        const call = parse(JSON.stringify({ function: { _name: 'find_train', from, to, seats } }));
        expect(call.success && call.decisions).toEqual([{ action: 'call_tool', tool: 'find_train', args: { from, to, seats }, reason: '' }]);
        const answer = parse(JSON.stringify({ function: { _name: 'no_tool', content } }));
        expect(answer.success && answer.decisions).toEqual([{ action: 'answer_user', answer: content }]);
      }),
    );
  });
});
