/**
 * Tool schemas in the subset node-llama-cpp turns into a grammar: what a grammar cannot express is
 * loosened (never tightened into something the schema refuses), references are resolved, and GBNF
 * fragments embed under their own rule names.
 */
import { describe, expect, it } from 'vitest';
import { ANY_JSON, toGbnfJsonSchema } from '../../src/models/llama/to-gbnf-json-schema.ts';
import { gbnfLiteral, prefixRules } from '../../src/models/llama/pattern-to-gbnf.ts';

describe('llama: JSON Schema to grammar schema', () => {
  it('drops value bounds and patterns, keeps lengths, enums and date formats', () => {
    const schema = {
      type: 'object',
      properties: {
        count: { type: 'integer', minimum: 1, maximum: 9 },
        name: { type: 'string', pattern: '^[a-z]+$', minLength: 2, maxLength: 8 },
        when: { type: 'string', format: 'date' },
        mail: { type: 'string', format: 'email' },
        mode: { enum: ['a', 'b'] },
      },
      required: ['count'],
    };
    expect(toGbnfJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer' },
        name: { type: 'string', minLength: 2, maxLength: 8 },
        when: { type: 'string', format: 'date' },
        mail: { type: 'string' },
        mode: { enum: ['a', 'b'] },
      },
    });
  });

  it('resolves local references, in the schema that defines them', () => {
    const tool = { type: 'object', properties: { edits: { type: 'array', items: { $ref: '#/$defs/edit' } } }, $defs: { edit: { type: 'object', properties: { old: { type: 'string' } } } } };
    const union = { oneOf: [{ type: 'object', properties: { args: tool } }] };
    expect(toGbnfJsonSchema(union)).toEqual({
      oneOf: [{ type: 'object', properties: { args: { type: 'object', properties: { edits: { type: 'array', items: { type: 'object', properties: { old: { type: 'string' } } } } } } } }],
    });
  });

  it('turns what it cannot express into any value, and anyOf / type lists into alternatives', () => {
    expect(toGbnfJsonSchema({ allOf: [{ type: 'string' }, { minLength: 2 }] })).toEqual(ANY_JSON);
    expect(toGbnfJsonSchema({ not: { type: 'string' } })).toEqual(ANY_JSON);
    expect(toGbnfJsonSchema({ $ref: 'https://example.com/schema' })).toEqual(ANY_JSON);
    expect(toGbnfJsonSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual({ oneOf: [{ type: 'string' }, { type: 'null' }] });
    expect(toGbnfJsonSchema({ type: ['number', 'array'] })).toEqual({ oneOf: [{ type: 'number' }, { type: 'array' }] });
  });

  it('writes no undeclared property unless the object declares none', () => {
    expect(toGbnfJsonSchema({ type: 'object', properties: { a: { type: 'boolean' } } })).toEqual({ type: 'object', properties: { a: { type: 'boolean' } } });
    expect(toGbnfJsonSchema({ type: 'object' })).toEqual({ type: 'object', properties: {}, additionalProperties: true });
    expect(toGbnfJsonSchema({ type: 'object', additionalProperties: { type: 'number' } })).toEqual({ type: 'object', properties: {}, additionalProperties: { type: 'number' } });
    expect(toGbnfJsonSchema({ type: 'object', properties: {}, additionalProperties: true })).toEqual({ type: 'object', properties: {}, additionalProperties: true });
  });

  it('writes {} for an object declaring no properties (a tool without arguments), where free keys could repeat', () => {
    expect(toGbnfJsonSchema({ type: 'object', properties: {} })).toEqual({ type: 'object', properties: {} });
    expect(toGbnfJsonSchema({ type: 'object', properties: {}, additionalProperties: false })).toEqual({ type: 'object', properties: {} });
  });
});

describe('llama: GBNF pieces', () => {
  it('prefixes rule names but not text inside literals or character classes', () => {
    const gbnf = 'root ::= value "value" [value]\nvalue ::= "x\\"value" | root';
    expect(prefixRules(gbnf, 'j0-')).toBe('j0-root ::= j0-value "value" [value]\nj0-value ::= "x\\"value" | j0-root');
  });

  it('escapes literals', () => {
    expect(gbnfLiteral('say "hi"\n\\')).toBe('"say \\"hi\\"\\n\\\\"');
  });
});
