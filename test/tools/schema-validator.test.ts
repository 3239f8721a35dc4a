/**
 * Untrusted schemas (an MCP server writes them) and hostile values (a model writes them) must not
 * block or crash the process: patterns run in linear time, oversized schemas are refused before
 * compiling, and non-finite numbers or deep nesting are reported precisely.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../../src/errors/config-error.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { LocalToolbox } from '../../src/tools/local-toolbox.ts';
import { schemaProblem, validateToolArgs } from '../../src/tools/schema-validator.ts';

const stringWith = (pattern: string) => ({ inputSchema: { type: 'object', properties: { s: { type: 'string', pattern } } } });
const hostile = `${'a'.repeat(50)}!`;

describe('patterns of untrusted schemas', () => {
  it('checks a catastrophic pattern against a long argument without backtracking', () => {
    expect(validateToolArgs(stringWith('^(a+)+$'), { s: hostile })).toEqual({ ok: false, details: ['`/s` must match pattern "^(a+)+$"'] });
    expect(validateToolArgs(stringWith('^(a+)+$'), { s: 'aaaa' })).toEqual({ ok: true });
    expect(validateToolArgs(stringWith('^(\\w+\\s?)+$'), { s: `${'word '.repeat(20)}!` }).ok).toBe(false);
  });

  it('checks patternProperties keys without backtracking', () => {
    const schema = { inputSchema: { type: 'object', patternProperties: { '^(a|aa)+$': { type: 'number' } } } };
    expect(validateToolArgs(schema, { [hostile]: 'not checked', aaaa: 'x' })).toEqual({ ok: false, details: ['`/aaaa` must be number'] });
  });

  it('refuses a pattern the linear engine cannot run (lookahead, backreference) with a clear reason', () => {
    for (const pattern of ['^(?=a)(a+)+$', '^(a+)\\1$']) {
      expect(schemaProblem(stringWith(pattern).inputSchema)).toMatchObject({ reason: 'unsupported-pattern', detail: expect.stringContaining('linear time') });
      expect(() => validateToolArgs(stringWith(pattern), { s: 'a' })).toThrow(ConfigError);
    }
    expect(schemaProblem(stringWith('[').inputSchema)).toMatchObject({ reason: 'invalid-schema' });
  });

  it("keeps lookahead patterns of the application's own tools (defineTool with a Zod regex)", async () => {
    const input = z.object({ code: z.string().regex(/^(?=.*\d)[a-z\d]+$/) });
    const tool = defineTool({ name: 'enter', description: 'Enters a code.', input, execute: ({ code }) => `entered ${code}` });
    expect(JSON.stringify(tool.spec.inputSchema)).toContain('(?=');
    expect(validateToolArgs(tool.spec, { code: 'abc1' })).toEqual({ ok: true });
    expect(validateToolArgs(tool.spec, { code: 'abc' }).ok).toBe(false);
    expect(await new LocalToolbox([tool]).call('enter', { code: 'abc1' })).toEqual({ content: [{ type: 'text', text: 'entered abc1' }] });
  });
});

describe('schema size limits', () => {
  it('refuses a 100 000-value enum before compiling it', () => {
    const schema = { type: 'object', properties: { s: { enum: Array.from({ length: 100_000 }, (_, index) => `v${index}`) } } };
    expect(schemaProblem(schema)).toEqual({ reason: 'schema-too-large', detail: 'the schema is too large: a list in it has 100000 items (at most 1000 from a server)' });
  });

  it('refuses a schema nested thousands of levels deep, or over 64 KiB of JSON', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 3000; level += 1) deep = { type: 'object', properties: { a: deep } };
    expect(schemaProblem(deep)).toMatchObject({ reason: 'schema-too-large', detail: expect.stringContaining('nested more than 64') });
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 900 }, (_, index) => [`p${index}`, { type: 'string', description: 'x'.repeat(80) }])) };
    expect(schemaProblem(wide)).toMatchObject({ reason: 'schema-too-large', detail: expect.stringContaining('characters of JSON') });
    const branches = { type: 'object', properties: { s: { oneOf: Array.from({ length: 400 }, (_, index) => ({ type: 'object', properties: { [`k${index}`]: { type: 'string' } } })) } } };
    expect(schemaProblem(branches)).toMatchObject({ reason: 'schema-too-large', detail: expect.stringContaining('objects and arrays (at most 1000') });
  });

  it('defineTool refuses a schema nested too deep with a ConfigError naming the tool; its other limits are for servers', () => {
    let input: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 100; level += 1) input = { type: 'object', properties: { a: input } };
    expect(() => defineTool({ name: 'pick', description: 'Picks.', input, execute: () => '' })).toThrow(/Tool pick has an input JSON Schema that is too large/);
    const wide = { type: 'object', properties: { s: { enum: Array.from({ length: 5000 }, (_, index) => index) } } };
    expect(defineTool({ name: 'pick', description: 'Picks.', input: wide, execute: () => '' }).spec.inputSchema).toEqual(wide);
  });
});

describe('values JSON cannot carry or reins cannot walk', () => {
  const numberTool = { inputSchema: { type: 'object', properties: { n: { type: 'number' }, list: { type: 'array' } } } };

  it('reports a non-finite number precisely, wherever it is', () => {
    expect(validateToolArgs(numberTool, JSON.parse('{"n":1e400}'))).toEqual({
      ok: false,
      details: ['`/n` must be a finite number (got Infinity; JSON numbers cannot be infinite or NaN)'],
    });
    expect(validateToolArgs(numberTool, { list: [1, Number.NaN] }).ok).toBe(false);
    expect(validateToolArgs({ inputSchema: { type: 'object' } }, { deep: { x: -Infinity } })).toMatchObject({ ok: false, details: [expect.stringContaining('`/deep/x` must be a finite number')] });
  });

  it('reports a value nested deeper than 64 levels instead of walking it', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 3000; level += 1) deep = [deep];
    expect(validateToolArgs({ inputSchema: { type: 'object' } }, { list: deep })).toMatchObject({ ok: false, details: [expect.stringContaining('nested more than 64 levels')] });
    let fine: unknown = 1;
    for (let level = 0; level < 60; level += 1) fine = [fine];
    expect(validateToolArgs({ inputSchema: { type: 'object' } }, { list: fine })).toEqual({ ok: true });
  });
});
