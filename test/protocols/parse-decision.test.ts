import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { ConfigError } from '../../src/errors/config-error.ts';
import { getCodec, parseDecision, protocols } from '../../src/protocols/index.ts';
import { compileSchema, validateToolArgs } from '../../src/tools/schema-validator.ts';

const tools: ToolSpec[] = [{ name: 'add', inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } }];

describe('parseDecision and getCodec', () => {
  it('parses with the named protocol', () => {
    const result = parseDecision('line', 'FUNCTION_CALL: add|3', { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ action: 'call_tool', tool: 'add', args: { n: 3 }, reason: '' }], thoughts: [], repaired: false, dialect: 'line' });
  });

  it('exposes every protocol and throws ConfigError for an unknown name', () => {
    expect(Object.keys(protocols).sort()).toEqual(['envelope', 'json', 'line', 'native', 'xml']);
    for (const [name, codec] of Object.entries(protocols)) expect(codec.name).toBe(name);
    expect(() => getCodec('yaml')).toThrow(ConfigError);
    expect(() => getCodec('toString')).toThrow(ConfigError);
  });

  it('never throws, whatever it is given', () => {
    const inputs: unknown[] = [undefined, null, 42, {}, '\u0000'.repeat(5), '{'.repeat(10_000), '<tool_call>'.repeat(500)];
    for (const codec of Object.values(protocols)) {
      for (const input of inputs) {
        const result = codec.parse(input as string, { tools, maxActions: Number.NaN });
        expect(typeof result.success).toBe('boolean');
      }
      expect(codec.parse('x', undefined as never).success === false || codec.name === 'xml' || codec.name === 'native').toBe(true);
    }
  });
});

describe('validateToolArgs', () => {
  it('reports precise paths and caches the compiled schema', () => {
    const schema = tools[0]?.inputSchema ?? {};
    expect(validateToolArgs({ inputSchema: schema }, { n: 1.5 })).toEqual({ ok: false, details: ['`/n` must be integer'] });
    expect(validateToolArgs({ inputSchema: schema }, { n: 2 })).toEqual({ ok: true });
    expect(compileSchema(schema)).toBe(compileSchema(schema));
    expect(compileSchema(structuredClone(schema))).toBe(compileSchema(schema));
  });

  it('supports 2020-12 schemas and throws ConfigError for an invalid schema', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'string' }] } } };
    expect(validateToolArgs({ inputSchema: schema }, { t: [1] })).toEqual({ ok: false, details: ['`/t/0` must be string'] });
    expect(() => compileSchema({ type: 'no-such-type' })).toThrow(ConfigError);
  });
});
