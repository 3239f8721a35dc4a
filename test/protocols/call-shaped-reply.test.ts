/**
 * A reply that is nothing but a call written as code (`name{..}`, `ns.name:0 {..}`, `functions.:0{..}`)
 * naming no offered tool is corrected, never returned as the answer with its markup
 * (`call-shaped-reply.ts`); a sentence or a label before an object stays an answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'find_route', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } } },
  { name: 'clock', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string) => parseDecision('native', text, { tools });

describe('a reply that is one call-shaped expression', () => {
  it.each([
    ['a tool that is not offered', 'find_rout{"from": "Oslo", "to": "Bergen"}', 'find_rout'],
    ['a namespaced head that lost its index colon', 'functions.find_route7{"from": "Oslo"}', 'find_route7'],
    ['a dotted head with an index and spaces', 'planner.find_path:2  {"from": "Oslo"}', 'planner.find_path'],
    ['unquoted keys', 'route_finder{from: "Oslo"}', 'route_finder'],
  ])('naming %s is corrected as an unknown tool', (_label, text, name) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error).toMatchObject({ kind: 'unknown-tool', toolName: name });
  });

  it('naming no tool at all is corrected', () => {
    for (const text of ['functions.:0{"from": "Oslo"}', 'Routing: functions.:1{"to": "Bergen"}']) expect(parse(text).success, text).toBe(false);
  });

  it('stays an answer when a sentence, a label, a line break or prose stands around the object', () => {
    for (const text of [
      'Calling {"from": "Oslo"}',
      'Result: {"from": "Oslo"}',
      'Done. {"status": "ok"}',
      'json\n{"from": "Oslo"}',
      'route{"from": "Oslo"} is what I found',
      'e.g. {"a": 1}',
    ]) {
      const result = parse(text);
      expect(result.success && result.decisions[0]?.action, text).toBe('answer_user');
    }
  });

  it('of an offered tool is read as a call', () => {
    expect(parse('find_route{"from": "Oslo", "to": "Bergen"}')).toMatchObject({ success: true, decision: { tool: 'find_route', args: { from: 'Oslo', to: 'Bergen' } } });
  });

  it('is never the answer, whatever head and arguments it has (property)', () => {
    const segment = fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/);
    const head = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.option(fc.nat(9), { nil: undefined }), fc.constantFrom('', ' ', '\t'));
    const args = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { minKeys: 1, maxKeys: 3 });
    fc.assert(
      fc.property(head, args, ([segments, index, gap], value) => {
        const written = segments.join('.') + (index === undefined ? '' : `:${index}`);
        // Spaces before the object only after a dotted or indexed head: a word and a space is a sentence.
        const text = `${written}${segments.length > 1 || index !== undefined ? gap : ''}${JSON.stringify(value)}`;
        const result = parse(text);
        expect(result.success && result.decisions.some((decision) => decision.action === 'answer_user'), text).toBe(false);
      }),
    );
  });

  it('of Python-style calls of offered tools without their list is read (`bare-python-calls.ts`), one cut off corrected, never answered', () => {
    for (const text of ['clock()', ' clock( ) ', 'find_route(from="Oslo", to="Bergen")']) {
      const result = parse(text);
      expect(result.success && result.decisions.every((decision) => decision.action === 'call_tool'), text).toBe(true);
    }
    // Two calls where one is allowed, or one cut off: corrected.
    for (const text of ['clock(), find_route(to="Bergen")', 'find_route(from="Os']) expect(parse(text).success, text).toBe(false);
    // A whole reply of keyword calls naming no offered tool is corrected as an unknown tool, never answered.
    expect(parse('Find_route(from="Oslo")')).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
    expect(parse('[clock()]')).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'clock' } });
    for (const text of ['Try clock() when you need the time.', 'print(42)', 'clock() is the tool for that']) {
      const result = parse(text);
      expect(result.success && result.decisions[0]?.action, text).toBe('answer_user');
    }
  });
});
