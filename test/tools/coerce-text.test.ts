import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';
import { coercePositionalArgs } from '../../src/tools/coerce-args.ts';
import { coerceText } from '../../src/tools/coerce-text.ts';
import { collectParameters } from '../../src/tools/collect-parameters.ts';
import { schemaTypes } from '../../src/tools/schema-types.ts';

const read = (text: string, schema: unknown, hint?: 'string' | 'json') => {
  const result = coerceText(text, schema, { hint });
  return result.ok ? result.value : { refused: result.reason };
};

describe('schemaTypes', () => {
  it('reads type, unions, and the types implied by properties, items, enum and const', () => {
    expect(schemaTypes({ type: ['string', 'null'] })).toEqual(['string', 'null']);
    expect(schemaTypes({ anyOf: [{ type: 'integer' }, { oneOf: [{ type: 'boolean' }] }] })).toEqual(['integer', 'boolean']);
    expect(schemaTypes({ properties: { a: {} } })).toEqual(['object']);
    expect(schemaTypes({ items: { type: 'string' } })).toEqual(['array']);
    expect(schemaTypes({ enum: ['a', 1, 1.5, null] })).toEqual(['string', 'integer', 'number', 'null']);
    expect(schemaTypes({ const: true })).toEqual(['boolean']);
  });

  it('says "any type" (undefined) for {}, true, a missing schema, and a union with such a member', () => {
    for (const schema of [{}, true, undefined, { description: 'x' }, { anyOf: [{ type: 'string' }, {}] }]) expect(schemaTypes(schema)).toBeUndefined();
  });
});

describe('coerceText', () => {
  it('reads lenient numerals, booleans and nulls only where no string is declared', () => {
    expect(read(' +5 ', { type: 'integer' })).toBe(5);
    expect(read('.5', { type: 'number' })).toBe(0.5);
    expect(read('FALSE', { type: 'boolean' })).toBe(false);
    expect(read('None', { type: ['null', 'integer'] })).toBeNull();
    expect(read('None', { type: ['null', 'string'] })).toBe('None');
    expect(read("{'k': 'v'}", { type: 'object' })).toEqual({ k: 'v' });
    expect(read("{'k': 'v'}", { type: ['string', 'object'] })).toBe("{'k': 'v'}");
  });

  it('says why a text fits no declared type', () => {
    expect(read('yes', { type: 'boolean' })).toEqual({ refused: '`yes` is not a boolean (write true or false)' });
    expect(read('NYC', { type: 'array' })).toEqual({ refused: '`NYC` is not an array (write it as JSON)' });
    expect(read('', { type: 'integer' })).toEqual({ refused: '`` is not an integer' });
  });

  it('follows the DSML hint: string keeps the text, json reads JSON (repaired if need be)', () => {
    expect(read('42', { type: 'integer' }, 'string')).toBe('42');
    expect(read('{"a": 1,}', undefined, 'json')).toEqual({ a: 1 });
    expect(read('[1, 2]', { type: 'array' }, 'json')).toEqual([1, 2]);
    expect(read('[1, 2]', { type: 'string' }, 'json')).toBe('[1, 2]');
    expect(read('null', { type: 'string' }, 'json')).toBe('null');
  });

  it('refuses an object or array marked as JSON that does not read, unless a string is declared', () => {
    // The codecs pass their guarded reader, which refuses a repair that would guess; this one refuses every repair.
    const noRepair = () => undefined;
    for (const schema of [undefined, {}, { type: 'object' }, { type: ['array', 'null'] }]) {
      for (const text of ['{"lang": }', '[1, 2', '{"path": "/home/us']) {
        expect(coerceText(text, schema, { hint: 'json', repairJson: noRepair }), `${text} ${JSON.stringify(schema)}`).toMatchObject({ ok: false, refused: true, reason: expect.stringContaining('string="false"') });
      }
    }
    expect(coerceText('{"lang": }', { type: 'string' }, { hint: 'json', repairJson: noRepair })).toEqual({ ok: true, value: '{"lang": }', repaired: false });
    // A bare word marked as JSON is not an opened structure: the declared types decide, as vLLM's reader keeps it.
    expect(coerceText('hello', {}, { hint: 'json', repairJson: noRepair })).toEqual({ ok: true, value: 'hello', repaired: false });
    // Without the hint an untyped value that is not JSON stays the text (Qwen3-Coder's server keeps it).
    expect(coerceText('{"lang": }', {}, { repairJson: noRepair })).toEqual({ ok: true, value: '{"lang": }', repaired: false });
  });
});

describe('collectParameters', () => {
  const schema = { type: 'object', properties: { tags: { type: 'array', items: { type: 'integer' } }, name: { type: 'string' } } };

  it('reads each pair by its property, and repeated names into an array where declared', () => {
    const result = collectParameters([{ name: 'tags', text: '1' }, { name: 'name', text: ' x ' }, { name: 'tags', text: '2' }, { name: 'tags', text: '3' }], schema);
    expect(result).toEqual({ ok: true, args: { tags: [1, 2, 3], name: ' x ' }, repaired: false });
  });

  it('refuses a repeated single value, counting the repeats, and keeps __proto__ an ordinary key', () => {
    expect(collectParameters([1, 2, 3].map(() => ({ name: 'name', text: 'x' })), schema)).toEqual({ ok: false, details: ['parameter `name` given 3 times; it takes one string value'] });
    const result = collectParameters([{ name: '__proto__', text: '{"polluted": true}' }], undefined);
    expect(result.ok && Object.keys(result.args)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('coercePositionalArgs', () => {
  it('reads a comma list as an array only where no string is declared', () => {
    const schema = { type: 'object', properties: { list: { type: 'array', items: { type: 'integer' } }, either: { type: ['array', 'string'] } } };
    expect(coercePositionalArgs(['1, 2', 'a, b'], schema)).toEqual({ ok: true, args: { list: [1, 2], either: 'a, b' } });
  });

  it('reads an array with no items type as numbers when every element is numeric, else as strings (seed 004)', () => {
    const schema = { type: 'object', properties: { ids: { type: 'array' } } };
    expect(coercePositionalArgs(['1,2,3'], schema)).toEqual({ ok: true, args: { ids: [1, 2, 3] } });
    expect(coercePositionalArgs(['1, 2.5, -3'], schema)).toEqual({ ok: true, args: { ids: [1, 2.5, -3] } });
    expect(coercePositionalArgs(['1,a,3'], schema)).toEqual({ ok: true, args: { ids: ['1', 'a', '3'] } });
    expect(coercePositionalArgs(['true,null'], schema)).toEqual({ ok: true, args: { ids: ['true', 'null'] } });
  });
});

describe('refuseJson: JSON that parses, refused by the guard of the caller', () => {
  // A guard of our own for the test: refuses any object holding the key `twice`.
  const refuseJson = (json: string, value: unknown) => (typeof value === 'object' && value !== null && 'twice' in value ? `refused ${json.length}` : undefined);

  it('refuses the value where it would be read as JSON, and keeps a string property as written', () => {
    const text = '{"twice": 1}';
    for (const schema of [undefined, {}, { type: 'object' }, { type: ['object', 'null'] }]) {
      expect(coerceText(text, schema, { refuseJson }), JSON.stringify(schema)).toEqual({ ok: false, reason: 'refused 12', refused: true });
    }
    expect(coerceText(text, { type: 'string' }, { refuseJson })).toEqual({ ok: true, value: text, repaired: false });
    expect(coerceText(text, {}, { refuseJson, hint: 'json' })).toMatchObject({ ok: false, refused: true });
    // Without the option, or for JSON the guard lets through, nothing changes.
    expect(coerceText(text, {})).toEqual({ ok: true, value: { twice: 1 }, repaired: false });
    expect(coerceText('{"once": 1}', { type: 'object' }, { refuseJson })).toEqual({ ok: true, value: { once: 1 }, repaired: false });
  });

  it('refuses the call in collectParameters and coercePositionalArgs, naming the parameter', () => {
    const schema = { type: 'object', properties: { a: { type: 'object' }, b: {} } } as const;
    expect(collectParameters([{ name: 'a', text: '{"twice": 1}' }, { name: 'b', text: '2' }], schema, { refuseJson })).toEqual({ ok: false, details: ['parameter `a`: refused 12'] });
    expect(coercePositionalArgs(['{"once": 1}', '{"twice": 2}'], schema, { refuseJson })).toEqual({ ok: false, details: ['param 2 (b): refused 12'] });
  });
});

describe('the items of a comma list meet the caller\'s JSON reader and refusals', () => {
  const items = { type: 'array', items: { type: 'object' } } as const;

  it('an item is read by repairJson, never by a bare repair behind the caller\'s back', () => {
    const seen: string[] = [];
    const repairJson = (text: string) => (seen.push(text), undefined);
    // `{"a": 1 "a": 2}` is no JSON; a bare jsonrepair would read it as {a: 2}, the last value.
    expect(coerceText('{"a": 1 "a": 2}, {"b": 1}', items, { commaLists: true, repairJson })).toMatchObject({ ok: false });
    expect(seen).toContain('{"a": 1 "a": 2}');
  });

  it('an item that parses is refused by refuseJson as a whole value would be', () => {
    const refuseJson = (_json: string, value: unknown) => (typeof value === 'object' && value !== null && 'twice' in value ? 'refused' : undefined);
    expect(coerceText('{"once": 1}, {"twice": 2}', items, { commaLists: true, refuseJson })).toMatchObject({ ok: false });
    expect(coerceText('{"once": 1}, {"b": 2}', items, { commaLists: true, refuseJson })).toEqual({ ok: true, value: [{ once: 1 }, { b: 2 }], repaired: false });
  });

  it("the line protocol's positional list never runs an item that writes a key twice", () => {
    const tools = [{ name: 'put', inputSchema: { type: 'object', properties: { rows: items }, required: ['rows'] } }];
    for (const text of ['FUNCTION_CALL: put|{"a": 1 "a": 2}', 'FUNCTION_CALL: put|{"a": 1 "a": 2}, {"b": 1}']) expect(parseDecision('line', text, { tools }).success, text).toBe(false);
    const clean = parseDecision('line', 'FUNCTION_CALL: put|{"a": 1}, {"b": 1}', { tools });
    expect(clean.success && clean.decision).toMatchObject({ action: 'call_tool', tool: 'put', args: { rows: [{ a: 1 }, { b: 1 }] } });
  });
});
