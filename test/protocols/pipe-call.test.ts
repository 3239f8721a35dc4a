/**
 * node-llama-cpp's default call syntax (`||call: name({..})`), its Gemma 4 wrapper's JSON inside the
 * call braces (`call:name{{..}}`), and JSON call objects the reply never closes: read as the calls
 * they are, or corrected; never returned as an answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';
import { unclosedCallObject } from '../../src/protocols/dialects/unclosed-call-object.ts';

const tools = [
  { name: 'find_train', inputSchema: { type: 'object', properties: { from: { type: 'string' }, seats: { type: 'integer' } }, required: ['from'] } },
  { name: 'list_stations', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });

describe('||call: name(json)', () => {
  it('reads a call alone, after a sentence, with a space before the marker, and with empty parentheses', () => {
    const alone = parse('||call: find_train({"from": "Bergen", "seats": 2})');
    expect(alone.success && alone.decisions).toEqual([call('find_train', { from: 'Bergen', seats: 2 })]);
    const after = parse('I will look that up.\n||call: find_train({"from": "Voss"})');
    expect(after.success && after.decisions).toEqual([call('find_train', { from: 'Voss' })]);
    const spaced = parse(' ||call: find_train ( {"from": "Oslo"} )');
    expect(spaced.success && spaced.decisions).toEqual([call('find_train', { from: 'Oslo' })]);
    const empty = parse('||call: list_stations()');
    expect(empty.success && empty.decisions).toEqual([call('list_stations', {})]);
  });

  it('reads several calls in order, never only the first', () => {
    const result = parse('||call: list_stations()\n||call: find_train({"from": "Hamar"})', 2);
    expect(result.success && result.decisions).toEqual([call('list_stations', {}), call('find_train', { from: 'Hamar' })]);
  });

  it('corrects a call cut off before its ) or inside its JSON, and a marker with no call after it', () => {
    for (const text of ['||call: find_train({"from": "Bergen"}', '||call: find_train({"from": "Ber', '||call: find_train(', '||call: ', 'Checking.\n||call: find_train({"from": "Bergen"} and more']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
    }
  });

  it('leaves a call shown as code in an answer', () => {
    const text = 'The syntax is `||call: find_train({"from": "Bergen"})`.';
    const result = parse(text);
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: text }]);
  });

  it('property: any call written this way reads back as that call; cut anywhere inside, it never runs', () => {
    const place = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,12}[a-z]$/);
    fc.assert(
      fc.property(place, fc.integer({ min: 0, max: 9 }), fc.nat(), (from, seats, at) => {
        const text = `||call: find_train(${JSON.stringify({ from, seats })})`;
        const whole = parse(text);
        expect(whole.success && whole.decisions).toEqual([call('find_train', { from, seats })]);
        const cut = parse(text.slice(0, 8 + (at % (text.length - 8))));
        expect(cut.success && cut.decisions.some((decision) => decision.action === 'call_tool')).toBe(false);
      }),
    );
  });
});

describe('Gemma 4 calls with JSON inside the braces', () => {
  it('reads call:name{{json}} as the JSON arguments, several calls in a row too', () => {
    const one = parse('<|tool_call>call:find_train{{"from": "Oslo", "seats": 1}}<tool_call|>');
    expect(one.success && one.decisions).toEqual([call('find_train', { from: 'Oslo', seats: 1 })]);
    const two = parse('<|tool_call>call:list_stations{{}}<tool_call|><|tool_call>call:find_train{ {"from": "Moss"} }<tool_call|>', 2);
    expect(two.success && two.decisions).toEqual([call('list_stations', {}), call('find_train', { from: 'Moss' })]);
  });

  it('corrects JSON arguments cut off, unreadable, or followed by more than the call brace', () => {
    for (const text of [
      '<|tool_call>call:find_train{{"from": "Oslo"',
      '<|tool_call>call:find_train{{"from": "Oslo"}',
      '<|tool_call>call:find_train{{"from": }}<tool_call|>',
      '<|tool_call>call:find_train{{"from": "Oslo"}, seats:2}<tool_call|>',
    ]) {
      expect(parse(text).success, text).toBe(false);
    }
  });
});

describe('JSON call objects never closed', () => {
  it('corrects a call object cut off before its tool name was complete, bare or in a list', () => {
    for (const text of ['{"tool": "find", "args": {"seats": 2', '[{"arguments": {"from": "Oslo"}, "name": "find_', 'Sure.\n{"function": "find", "parameters": {"from": "Os']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
    }
  });

  it('leaves an answer holding closed JSON that is no call, or an open object without call keys, as written', () => {
    for (const text of ['The reply {"status": "ok", "arguments": 2} is fine.', 'The config starts with {"name": "demo", "version": 2']) {
      const result = parse(text);
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: text }]);
    }
  });

  it('takes an object cut inside a member for a cut-off call, and one missing only its outer braces for none', () => {
    expect(unclosedCallObject('{"name": "book", "arguments": {"seats": 2')?.kind).toBe('invalid-json');
    expect(unclosedCallObject('{"name": "book", "arguments": {"seats": 2,')?.kind).toBe('invalid-json');
    expect(unclosedCallObject('{"name": "book", "arguments": {"seats": 2}')).toBeUndefined();
    expect(unclosedCallObject('`{"name": "book", "arguments": {"seats": 2`')).toBeUndefined();
  });
});
