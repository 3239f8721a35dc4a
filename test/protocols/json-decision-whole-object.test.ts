/**
 * The json reader reads a reply that is exactly one JSON object without scanning it for spans. That
 * fast path must give exactly the reading the span scan gives, primary reader or drift reader.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDecisionReader, readJsonSpans } from '../../src/protocols/dialects/json-decision.ts';
import { findJsonSpans } from '../../src/protocols/extract/find-json-spans.ts';

const scanned = (text: string, primary: boolean) => readJsonSpans(text, findJsonSpans(text), primary);
const read = (text: string, primary: boolean) => jsonDecisionReader.read(text, { tools: [], primary });

const samples = [
  '{"action":"call_tool","tool":"lookup","args":{"key":"k1"},"reason":"need it"}',
  '{"action":"answer_user","answer":"done"}',
  '{"action":"reply"}',
  '{"answer":"no action"}',
  '{}',
  '{ "action" : "ask_user", "question": "a } in a string {" }',
  '{"action":"answer_user","answer":"x"} {"action":"answer_user","answer":"y"}',
  '{"action":"answer_user","answer":"x",}',
  '{"__proto__":{"action":"answer_user"}}',
  '{"action":"answer_user","answer":"\\ud800"}',
  '{not json}',
];

describe('json reader: the whole-object fast path', () => {
  it.each(samples)('reads %s as the span scan does', (text) => {
    for (const primary of [true, false]) expect(read(text, primary)).toEqual(scanned(text, primary));
  });

  it('reads any JSON object, and any text around braces, as the span scan does', () => {
    const action = fc.constantFrom('call_tool', 'ask_user', 'answer_user', 'other');
    const object = fc.oneof(
      fc.record({ action, tool: fc.string(), args: fc.dictionary(fc.string(), fc.jsonValue()) }, { requiredKeys: [] }),
      fc.dictionary(fc.string(), fc.jsonValue()),
    );
    const text = fc.oneof(
      object.map((value) => JSON.stringify(value)),
      fc.tuple(object, fc.constantFrom(' ', '\n', '', ',', 'x')).map(([value, gap]) => `${JSON.stringify(value)}${gap}${JSON.stringify(value)}`),
      fc.string().map((inner) => `{${inner}}`),
    );
    fc.assert(
      fc.property(text, fc.boolean(), (input, primary) => {
        expect(read(input, primary)).toEqual(scanned(input, primary));
      }),
      { numRuns: 400 },
    );
  });
});
