/**
 * Round trip of schema-driven coercion: random property schemas (one type, unions in both spellings,
 * `{}`, arrays of a type, objects), random values of the schema, rendered the way each text family
 * writes a value (Qwen3-Coder / GLM XML: strings as written, anything else as JSON; DeepSeek DSML:
 * the same with `string="true|false"`; reins `line`: positional, the same), read back by reins:
 * the same value, or a refusal, never another value.
 * What the wire format itself cannot tell apart is left out, by rule, not by example: a string whose
 * text is JSON of another type the schema allows (`"42"` for `["string", "integer"]`, any JSON for
 * `{}`) is written exactly like that value, and reins reads the typed value as the servers do
 * (docs/protocols.md, coercion).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { collectParameters } from '../../src/tools/collect-parameters.ts';
import { jsonType } from '../../src/tools/schema-types.ts';

type Primitive = 'string' | 'integer' | 'number' | 'boolean' | 'null';
interface Case {
  schema: Record<string, unknown>;
  value: unknown;
}

const primitives: Primitive[] = ['string', 'integer', 'number', 'boolean', 'null'];
const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', ' ', '\t', '\r\n', 'a\r\nb', '"}', ']', '\\', 'None', 'True', 'yes', '42', '-1', '[1]', '{"k": 1}', 'null', ' 7 '));
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value));

function valueOf(type: Primitive | 'array' | 'object' | 'any', items: Primitive = 'string'): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return text;
    case 'integer':
      return fc.integer();
    case 'number':
      return finite;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(items), { maxLength: 4 });
    case 'object':
      return fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(text, fc.integer(), fc.boolean()), { maxKeys: 3, noNullPrototype: true });
    case 'any':
      return fc.oneof(text, fc.integer(), finite, fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
  }
}

/** A schema and a value it allows. */
const cases: fc.Arbitrary<Case> = fc.oneof(
  fc.constantFrom(...primitives).chain((type) => valueOf(type).map((value) => ({ schema: { type }, value }))),
  fc.uniqueArray(fc.constantFrom<Primitive | 'array' | 'object'>(...primitives, 'array', 'object'), { minLength: 2, maxLength: 3 }).chain((types) =>
    fc.tuple(fc.constantFrom(...types), fc.boolean()).chain(([type, anyOf]) =>
      valueOf(type).map((value) => ({ schema: anyOf ? { anyOf: types.map((member) => ({ type: member })) } : { type: types }, value })),
    ),
  ),
  fc.constantFrom(...primitives).chain((items) => valueOf('array', items).map((value) => ({ schema: { type: 'array', items: { type: items } }, value }))),
  valueOf('object').map((value) => ({ schema: { type: 'object' }, value })),
  valueOf('any').map((value) => ({ schema: {}, value })),
);

const declared = (schema: Record<string, unknown>): string[] | undefined =>
  Array.isArray(schema.anyOf) ? schema.anyOf.map((member: { type: string }) => member.type) : typeof schema.type === 'string' ? [schema.type] : (schema.type as string[] | undefined);

/** True when the written text of `value` is also the text of another value the schema allows. */
function indistinguishable({ schema, value }: Case): boolean {
  if (typeof value !== 'string') return false;
  let json: unknown;
  try {
    json = JSON.parse(value.trim());
  } catch {
    return false;
  }
  if (typeof json === 'string') return false;
  const types = declared(schema);
  return types === undefined || types.some((type) => type !== 'string' && (jsonType(json) === type || (type === 'number' && jsonType(json) === 'integer')));
}

/** How the families write one value: strings as written, anything else as JSON. */
const written = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const tools = (schema: Record<string, unknown>): ToolSpec[] => [{ name: 't', inputSchema: { type: 'object', properties: { v: schema } } as JsonSchema }];

/** The value read back, or `refused`. */
function readBack(render: (item: Case) => string, item: Case): unknown {
  const result = parseDecision('native', render(item), { tools: tools(item.schema) });
  if (!result.success) return 'refused';
  return result.decision.action === 'call_tool' ? result.decision.args.v : result.decision;
}

const sameOrRefused = (item: Case, read: unknown) => read === 'refused' || isDeepStrictEqual(read, item.value);

describe('coercion round trip: written as the family writes it, read back the same or refused', () => {
  it('collectParameters: one value per parameter', () => {
    fc.assert(
      fc.property(cases, (item) => {
        fc.pre(!indistinguishable(item));
        const read = collectParameters([{ name: 'v', text: written(item.value) }], { type: 'object', properties: { v: item.schema } });
        expect(read.ok && read.args.v).toEqual(item.value);
      }),
      { numRuns: 3000 },
    );
  });

  it('collectParameters: an array given as one parameter per item, as some models write lists', () => {
    fc.assert(
      fc.property(fc.constantFrom(...primitives), fc.integer({ min: 2, max: 4 }), (items, length) =>
        fc.assert(
          fc.property(fc.array(valueOf(items), { minLength: length, maxLength: length }), (value) => {
            const schema = { type: 'object', properties: { v: { type: 'array', items: { type: items } } } };
            const read = collectParameters(value.map((entry) => ({ name: 'v', text: written(entry) })), schema);
            expect(read.ok && read.args.v).toEqual(value);
          }),
          { numRuns: 20 },
        ),
      ),
      { numRuns: 50 },
    );
  });

  // Values with markup are the readers' concern (the round trips per dialect); here values hold none.
  const noMarkup = (item: Case) => !/[<>]/.test(JSON.stringify(item.value));

  it('Qwen3-Coder XML through parseDecision', () => {
    const render = (item: Case) => `<tool_call>\n<function=t>\n<parameter=v>\n${written(item.value)}\n</parameter>\n</function>\n</tool_call>`;
    fc.assert(
      fc.property(cases, (item) => {
        // Qwen3-Coder's servers keep an untyped value as its text: a non-string under `{}` reads back as that text.
        const untypedNonString = declared(item.schema) === undefined && typeof item.value !== 'string';
        fc.pre(!indistinguishable(item) && noMarkup(item) && !untypedNonString);
        expect(sameOrRefused(item, readBack(render, item))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('DeepSeek DSML with its string hint through parseDecision: no value is ambiguous there', () => {
    const render = (item: Case) =>
      `<｜DSML｜function_calls>\n<｜DSML｜invoke name="t">\n<｜DSML｜parameter name="v" string="${typeof item.value === 'string'}">${written(item.value)}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
    fc.assert(
      fc.property(cases, (item) => {
        // Line breaks at the edges of a value are the family's whitespace rule, the reader's concern.
        fc.pre(noMarkup(item) && !/^[\r\n]|[\r\n]$/.test(written(item.value)));
        expect(sameOrRefused(item, readBack(render, item))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the line protocol (positional params) through its codec', () => {
    fc.assert(
      fc.property(cases, (item) => {
        // A line param is one trimmed, non-empty line without `|`: other strings cannot be written.
        const line = written(item.value);
        fc.pre(!indistinguishable(item) && !/[|\r\n]/.test(line) && line.trim() === line && line !== '');
        const result = parseDecision('line', `FUNCTION_CALL: t|${line}`, { tools: tools(item.schema) });
        const read = result.success && result.decision.action === 'call_tool' ? result.decision.args.v : 'refused';
        expect(sameOrRefused(item, read)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
