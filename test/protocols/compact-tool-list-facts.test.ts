/**
 * Every fact of a schema survives the compact tool list: random tools, read back with
 * read-tool-list.ts, state each tool's name and description and each parameter's name, optional
 * mark, type (nested objects and arrays included), enum values and default, and each description's
 * own words, while the sentences that only repeat the schema ("(optional)", "Required.", "Default is
 * X.", "One of 'a', 'b'.") are gone. For json's notation and line's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderToolList } from '../../src/protocols/compact-tool-list.ts';
import { lineCodec } from '../../src/protocols/line-codec.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { readToolList, type ListNotation, type ReadField, type ReadTool, type ReadType } from './read-tool-list.ts';

interface Schema {
  type?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
}

/** A generated property: its schema, and the description the list must keep. */
interface Generated {
  schema: Schema;
  own?: string;
}

const word = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa', 'zeta');
const ownWords = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => `${words.join(' ').replace(/^./, (first) => first.toUpperCase())}.`);
const values = fc.uniqueArray(fc.constantFrom('red', 'green', 'blue', 'dark grey', 'x-ray', 'cyan'), { minLength: 1, maxLength: 4 });
const name = fc.stringMatching(/^[a-z]{1,8}$/);

const leaf: fc.Arbitrary<Schema> = fc.oneof(
  fc.constantFrom<Schema>({ type: 'string' }, { type: 'number' }, { type: 'integer' }, { type: 'boolean' }, {}),
  values.map((list) => ({ type: 'string', enum: list })),
);

const { schema: schemaArbitrary } = fc.letrec<{ schema: Schema; object: Schema }>((tie) => ({
  schema: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('schema').map((items) => ({ type: 'array', items }))),
  object: fc
    .uniqueArray(fc.tuple(name, tie('schema'), fc.boolean(), fc.option(ownWords, { nil: undefined })), { selector: ([key]) => key, maxLength: 3 })
    .map((entries) => ({
      type: 'object',
      properties: Object.fromEntries(entries.map(([key, schema, , words]) => [key, words ? { ...schema, description: words } : schema])),
      required: entries.filter(([, , required]) => required).map(([key]) => key),
    })),
}));

/** A default that fits the schema, when it has a simple one. */
function defaultFor(schema: Schema): fc.Arbitrary<unknown> | undefined {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'string') return word;
  if (schema.type === 'integer' || schema.type === 'number') return fc.integer({ min: -1000, max: 1000 });
  if (schema.type === 'boolean') return fc.boolean();
  if (schema.type === 'array') return fc.constant([]);
  return undefined;
}

/** How prose states a default the schema has. */
const prose = (value: unknown) => (typeof value === 'string' ? `'${value}'` : Array.isArray(value) ? 'an empty array' : String(value));

/** A top-level property: a schema, maybe a default, maybe a description with sentences that repeat the schema. */
function property(required: boolean): fc.Arbitrary<Generated> {
  return schemaArbitrary.chain((schema) => {
    const fallback = defaultFor(schema);
    return fc.record({ value: fallback ? fc.option(fallback.map((value) => ({ value })), { nil: undefined }) : fc.constant(undefined), own: fc.option(ownWords, { nil: undefined }), repeats: fc.boolean() }).map(({ value, own, repeats }) => {
      const withDefault: Schema = value ? { ...schema, default: value.value } : { ...schema };
      delete withDefault.description;
      if (!own) return { schema: withDefault };
      const said = [own];
      if (repeats) {
        said.push(required ? 'Required.' : '(optional)');
        if (value) said.push(`Default is ${prose(value.value)}.`);
        if (schema.enum) said.push(`One of ${schema.enum.map((item) => `'${String(item)}'`).join(', ')}.`);
      }
      return { schema: { ...withDefault, description: said.join(' ') }, own };
    });
  });
}

const tool = fc
  .record({
    name: fc.stringMatching(/^[a-z]{1,6}(?:[._][a-z]{1,6})?$/),
    description: fc.option(ownWords, { nil: undefined }),
    params: fc.uniqueArray(fc.tuple(name, fc.boolean()), { selector: ([key]) => key, maxLength: 5 }),
  })
  .chain(({ name: toolName, description, params }) =>
    fc.tuple(...params.map(([, required]) => property(required))).map((generated) => ({
      spec: {
        name: toolName,
        ...(description ? { description } : {}),
        inputSchema: {
          type: 'object',
          properties: Object.fromEntries(params.map(([key], index) => [key, generated[index]!.schema])),
          required: params.filter(([, required]) => required).map(([key]) => key),
        },
      } as ToolSpec,
      own: Object.fromEntries(params.map(([key], index) => [key, generated[index]!.own])),
    })),
  );

const tools = fc.uniqueArray(tool, { selector: (generated) => generated.spec.name, minLength: 1, maxLength: 4 });

/** What the read type must be for `schema`: the schema's facts, not the list's spelling. */
function expectType(read: ReadType, schema: Schema): void {
  if (schema.enum) return void expect(read).toEqual({ kind: 'literals', values: schema.enum });
  if (schema.type === 'array') {
    expect(read.kind).toBe('array');
    return expectType((read as { items: ReadType }).items, schema.items ?? {});
  }
  if (schema.type === 'object' && schema.properties) {
    expect(read.kind).toBe('record');
    return expectFields((read as { fields: ReadField[] }).fields, schema);
  }
  expect(read).toEqual({ kind: schema.type ?? 'any' });
}

function expectFields(fields: ReadField[], schema: Schema): void {
  const properties = Object.entries(schema.properties ?? {});
  expect(fields.map((field) => field.name)).toEqual(properties.map(([key]) => key));
  properties.forEach(([key, property], index) => {
    const field = fields[index]!;
    expect(field.optional).toBe(!schema.required?.includes(key));
    expect(field.fallback).toEqual('default' in property ? { value: property.default } : undefined);
    expectType(field.type, property);
  });
}

/** The nested descriptions a property holds, by the path the list writes. */
function nestedDescriptions(path: string, schema: Schema): Record<string, string> {
  const inner = schema.type === 'array' ? schema.items : schema;
  const prefix = `${path}${schema.type === 'array' ? '[]' : ''}.`;
  return Object.fromEntries(
    Object.entries(inner?.properties ?? {}).flatMap(([key, nested]) => [
      ...(nested.description ? [[`${prefix}${key}`, nested.description]] : []),
      ...Object.entries(nestedDescriptions(`${prefix}${key}`, nested)),
    ]),
  );
}

function expectTool(read: ReadTool | undefined, generated: { spec: ToolSpec; own: Record<string, string | undefined> }): void {
  const schema = generated.spec.inputSchema as Schema;
  expect(read?.name).toBe(generated.spec.name);
  expect(read?.description).toBe(generated.spec.description);
  expectFields(read!.params, schema);
  read!.params.forEach((field) => expect(field.description).toBe(generated.own[field.name]));
  const nested = Object.assign({}, ...Object.entries(schema.properties ?? {}).map(([key, property]) => nestedDescriptions(key, property)));
  expect(read!.nested).toEqual(nested);
}

/** The list below its heading line (`Tools (...):`) in line's instructions. */
const afterHeading = (text: string) => text.slice(text.indexOf('\n', text.indexOf('\nTools (') + 1) + 1);

const notations: Array<[string, ListNotation, (specs: ToolSpec[]) => string]> = [
  ['json and envelope', { or: '|', line: false }, (specs) => renderToolList(specs)],
  ['line', { or: ' or ', line: true }, (specs) => afterHeading(lineCodec.instructions(specs))],
];

describe.each(notations)('the compact tool list states every schema fact (%s)', (_label, notation, render) => {
  it('reads back names, descriptions, optional marks, types, enums, defaults and nested properties', () => {
    fc.assert(
      fc.property(tools, (generated) => {
        const read = readToolList(render(generated.map((item) => item.spec)), notation);
        expect(read).toHaveLength(generated.length);
        generated.forEach((item, index) => expectTool(read[index], item));
      }),
      { numRuns: 300 },
    );
  });
});
