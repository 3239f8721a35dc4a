/**
 * Tools and fast-check arbitraries shared by the codec contract: decisions valid for these tools,
 * with free text restricted per protocol where its wire format cannot carry every string.
 */
import fc from 'fast-check';
import type { Decision, ToolSpec } from '../../src/spec/decision.ts';

export const contractTools: ToolSpec[] = [
  {
    name: 'add',
    description: 'Adds two integers.',
    inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'], additionalProperties: false },
  },
  {
    name: 'search',
    description: 'Searches notes.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' }, exact: { type: 'boolean' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'tag',
    inputSchema: {
      type: 'object',
      properties: { names: { type: 'array', items: { type: 'string' } }, meta: { type: 'object' } },
      required: ['names'],
      additionalProperties: false,
    },
  },
  { name: 'scale', inputSchema: { type: 'object', properties: { factor: { type: 'number' } }, required: ['factor'] } },
  { name: 'ping', description: 'No arguments.', inputSchema: { type: 'object', properties: {}, additionalProperties: false } },
];

/** Restrictions on generated strings. */
export interface TextRules {
  /** Strings free text may hold, beyond which the protocol is ambiguous. @default any string */
  text?: (value: string) => boolean;
  /** Strings a positional parameter (string arg) may hold. @default same as `text` */
  param?: (value: string) => boolean;
}

const anyString = fc.string({ unit: 'grapheme', maxLength: 40 });

export function decisionArbitrary(rules: TextRules = {}): fc.Arbitrary<Decision> {
  const text = rules.text ? anyString.filter(rules.text) : anyString;
  const param = rules.param ? anyString.filter(rules.param) : text;
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Object.is(value, -0));
  const args: Array<fc.Arbitrary<[string, Record<string, unknown>]>> = [
    fc.record({ a: fc.integer(), b: fc.integer() }).map((value) => ['add', value]),
    fc.record({ query: param, limit: fc.nat(), exact: fc.boolean() }, { requiredKeys: ['query'] }).map((value) => ['search', value]),
    // `__proto__` keys are refused by design (prototype-keys.ts): such args never round-trip.
    fc
      .record({ names: fc.array(param, { maxLength: 4 }), meta: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).filter((meta) => !JSON.stringify(meta).includes('"__proto__"')) }, { requiredKeys: ['names'] })
      .map((value) => ['tag', value]),
    fc.record({ factor: finite }).map((value) => ['scale', value]),
    fc.constant(['ping', {}] as [string, Record<string, unknown>]),
  ];
  return fc.oneof(
    fc.tuple(fc.oneof(...args), text).map(([[tool, toolArgs], reason]): Decision => ({ action: 'call_tool', tool, args: toolArgs, reason })),
    fc.record({ question: text, why: text }).map((value): Decision => ({ action: 'ask_user', ...value })),
    fc
      .record({ answer: text, confidence: fc.double({ min: 0, max: 1, noNaN: true }).filter((value) => !Object.is(value, -0)) }, { requiredKeys: ['answer'] })
      .map((value): Decision => ({ action: 'answer_user', ...value })),
  );
}
