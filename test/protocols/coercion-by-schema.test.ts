import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

/** One tool `t` whose property `v` has `schema` (or is undeclared when schema is undefined). */
const toolWith = (schema: unknown): ToolSpec[] => [
  { name: 't', inputSchema: { type: 'object', ...(schema === undefined ? {} : { properties: { v: schema } }) } as JsonSchema },
];
const qwen = (body: string) => `<tool_call>\n<function=t>\n${body}\n</function>\n</tool_call>`;
const glm = (body: string) => `<tool_call>t\n${body}\n</tool_call>`;
const param = (value: string) => `<parameter=v>\n${value}\n</parameter>`;
const glmParam = (value: string) => `<arg_key>v</arg_key>\n<arg_value>${value}</arg_value>`;
const dsml = (value: string, hint: string) =>
  `<｜DSML｜function_calls>\n<｜DSML｜invoke name="t">\n<｜DSML｜parameter name="v" string="${hint}">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;

function argsOf(text: string, schema: unknown) {
  const result = parseDecision('native', text, { tools: toolWith(schema) });
  if (!result.success) return { refused: result.error.kind, details: result.error.details, message: result.error.message };
  return result.decision.action === 'call_tool' ? result.decision.args : result.decision;
}

describe('schema-driven coercion of XML parameter values', () => {
  it('reads an object value as the object where the schema allows array or object', () => {
    expect(argsOf(qwen(param('{"key": "value"}')), { type: ['array', 'object'] })).toEqual({ v: { key: 'value' } });
    expect(argsOf(glm(glmParam('{"key": "value"}')), { type: ['array', 'object'] })).toEqual({ v: { key: 'value' } });
    expect(argsOf(qwen(param('[1, 2]')), { type: ['object', 'array'] })).toEqual({ v: [1, 2] });
  });

  it('never wraps a valid string in an array', () => {
    expect(argsOf(qwen(param('hello, world')), { type: ['array', 'string'] })).toEqual({ v: 'hello, world' });
    expect(argsOf(qwen(param('hello')), { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] })).toEqual({ v: 'hello' });
  });

  it('refuses a text that fits no declared type instead of wrapping or guessing it', () => {
    expect(argsOf(qwen(param('NYC')), { type: 'array', items: { type: 'string' } })).toMatchObject({ refused: 'invalid-args' });
    for (const word of ['yes', 'no', 'on', '1']) expect(argsOf(qwen(param(word)), { type: 'boolean' })).toMatchObject({ refused: 'invalid-args' });
  });

  it('reads true/false in any case as booleans, and prefers the type the text already is in a union with string', () => {
    expect(argsOf(qwen(param('True')), { type: 'boolean' })).toEqual({ v: true });
    expect(argsOf(qwen(param('false')), { type: ['string', 'boolean'] })).toEqual({ v: false });
    expect(argsOf(qwen(param('42')), { type: ['string', 'integer'] })).toEqual({ v: 42 });
    expect(argsOf(qwen(param('4.5')), { type: ['integer', 'string'] })).toEqual({ v: '4.5' });
    expect(argsOf(qwen(param('yes')), { type: ['boolean', 'string'] })).toEqual({ v: 'yes' });
  });

  it('reads a property declared {} exactly like an undeclared one', () => {
    for (const value of ['{"a": [1, 2]}', '42', 'true', 'plain text', '"quoted"', '[1, 2']) {
      expect(argsOf(qwen(param(value)), {})).toEqual(argsOf(qwen(param(value)), undefined));
      expect(argsOf(glm(glmParam(value)), {})).toEqual(argsOf(glm(glmParam(value)), undefined));
    }
    expect(argsOf(qwen(param('{"a": [1, 2]}')), {})).toEqual({ v: '{"a": [1, 2]}' });
  });

  it('keeps an untyped Qwen3-Coder or GLM value as the text written, as their servers do', () => {
    for (const schema of [{}, undefined]) {
      expect(argsOf(qwen(param('77004')), schema)).toEqual({ v: '77004' });
      expect(argsOf(glm(glmParam('true')), schema)).toEqual({ v: 'true' });
      expect(argsOf(glm(glmParam('"quoted"')), schema)).toEqual({ v: 'quoted' });
    }
    expect(argsOf(qwen(param('77004')), { type: 'integer' })).toEqual({ v: 77004 });
  });

  it("reads an untyped Qwen3-Coder `null`, in any letter case, as null, as its servers do before any type", () => {
    for (const schema of [{}, undefined]) {
      for (const written of ['null', 'NULL', 'Null']) expect(argsOf(qwen(param(written)), schema)).toEqual({ v: null });
      // Only the whole value: space kept inside the newline pair, or more text, is the text.
      expect(argsOf(qwen(param(' null')), schema)).toEqual({ v: ' null' });
      expect(argsOf(qwen(param('nullable')), schema)).toEqual({ v: 'nullable' });
      // GLM's own reader keeps its untyped text.
      expect(argsOf(glm(glmParam('null')), schema)).toEqual({ v: 'null' });
    }
    // A declared type still decides.
    expect(argsOf(qwen(param('null')), { type: 'string' })).toEqual({ v: 'null' });
  });
});

describe('a union holding string, in the families that write strings bare (MiniCPM, Xing, MiniMax M3)', () => {
  const minicpm = (value: string) => `<function name="t"><param name="v">${value}</param></function>`;
  const xing = (value: string) => `<tool_call>t<param_key>v</param_key><param_value>${value}</param_value></tool_call>`;
  const minimaxM3 = (value: string) => `<invoke name="t"><v>${value}</v></invoke>`;

  it('keeps text that reads as another member type as the string written', () => {
    for (const write of [minicpm, xing, minimaxM3]) {
      expect(argsOf(write('2048'), { type: ['number', 'string'] })).toEqual({ v: '2048' });
      expect(argsOf(write('false'), { type: ['boolean', 'string'] })).toEqual({ v: 'false' });
      expect(argsOf(write('{"k": 2}'), { type: ['string', 'object'] })).toEqual({ v: '{"k": 2}' });
    }
  });

  it('reads null as null where the union holds null, and other unions by their types', () => {
    for (const write of [minicpm, xing]) {
      expect(argsOf(write('null'), { type: ['string', 'null'] })).toEqual({ v: null });
      expect(argsOf(write('none left'), { type: ['null', 'string'] })).toEqual({ v: 'none left' });
      expect(argsOf(write('12'), { type: ['integer', 'null'] })).toEqual({ v: 12 });
      expect(argsOf(write('12'), { type: 'string' })).toEqual({ v: '12' });
    }
  });

  it('reads an untyped value as JSON, a JSON string literal included, where Qwen3-Coder keeps the text', () => {
    for (const schema of [{}, undefined]) {
      for (const write of [minicpm, xing]) {
        expect(argsOf(write('"Tromsø"'), schema)).toEqual({ v: 'Tromsø' });
        expect(argsOf(write('"a" and "b"'), schema)).toEqual({ v: '"a" and "b"' });
        expect(argsOf(write('8'), schema)).toEqual({ v: 8 });
      }
      expect(argsOf(qwen(param('"Tromsø"')), schema)).toEqual({ v: '"Tromsø"' });
    }
  });

  it('property: any text but null, in any union holding string, is the string written', () => {
    const member = fc.constantFrom('integer', 'number', 'boolean', 'object', 'array', 'null');
    const union = fc.uniqueArray(member, { minLength: 1, maxLength: 3 }).chain((others) => fc.shuffledSubarray(['string', ...others], { minLength: others.length + 1 }));
    const text = fc.oneof(fc.stringMatching(/^[a-z0-9 .,:{}[\]"-]{1,16}$/), fc.constantFrom('0', '-3.5', 'true', 'FALSE', '[1, 2]', '{"k": 1}', '"q"'));
    fc.assert(
      fc.property(fc.constantFrom(minicpm, xing), union, text, (write, type, value) => {
        fc.pre(value.trim() !== 'null' && value.trim() === value && !/[<>&]/.test(value));
        expect(argsOf(write(value), { type })).toEqual({ v: value });
      }),
      { numRuns: 200 },
    );
  });

  it('still reads Qwen3-Coder text by the member type it already is (its servers do)', () => {
    expect(argsOf(qwen(param('2048')), { type: ['number', 'string'] })).toEqual({ v: 2048 });
  });
});

describe('DSML string="false" by the declared schema', () => {
  it('keeps the text of a value whose JSON reading fits no declared type but string', () => {
    expect(argsOf(dsml('null', 'false'), { type: 'string' })).toEqual({ v: 'null' });
    expect(argsOf(dsml('42', 'false'), { type: 'string' })).toEqual({ v: '42' });
    expect(argsOf(dsml('[1, 2]', 'false'), { type: 'string' })).toEqual({ v: '[1, 2]' });
  });

  it('reads JSON where its type is declared, and where nothing is declared', () => {
    expect(argsOf(dsml('null', 'false'), { type: ['string', 'null'] })).toEqual({ v: null });
    expect(argsOf(dsml('42', 'false'), { type: 'integer' })).toEqual({ v: 42 });
    expect(argsOf(dsml('"quoted"', 'false'), { type: 'string' })).toEqual({ v: 'quoted' });
    expect(argsOf(dsml('42', 'false'), {})).toEqual({ v: 42 });
    expect(argsOf(dsml('42', 'false'), undefined)).toEqual({ v: 42 });
  });

  it('refuses a string hint other than true or false, naming the parameter, instead of guessing the type', () => {
    for (const hint of ['maybe', 'yes', 'TRUE', '1']) {
      const refused = argsOf(dsml('7', hint), {});
      expect(refused, hint).toMatchObject({ refused: 'invalid-args' });
      expect(JSON.stringify(refused), hint).toContain('`v` has string=');
    }
  });

  it('property: a value typed by any string hint but true or false is refused, whatever its text', () => {
    const hint = fc.stringMatching(/^[\w .-]{1,8}$/).filter((value) => value !== 'true' && value !== 'false');
    const value = fc.stringMatching(/^[\w ,.{}":[\]-]{0,16}$/);
    fc.assert(
      fc.property(hint, value, fc.constantFrom<unknown>({}, undefined, { type: 'string' }, { type: 'integer' }), (h, v, schema) => {
        expect(argsOf(dsml(v, h), schema), `${h} ${v}`).toMatchObject({ refused: 'invalid-args' });
      }),
    );
  });
});

describe('values as written', () => {
  it('keeps \\r\\n inside a JSON string and inside a parameter value', () => {
    const tools = toolWith({ type: 'string' });
    const json = parseDecision('json', '{"action":"call_tool","tool":"t","args":{"v":"a\r\nb"},"reason":""}', { tools });
    expect(json.success && json.decision).toMatchObject({ args: { v: 'a\r\nb' } });
    const hermes = parseDecision('native', '<tool_call>{"name":"t","arguments":{"v":"line1\r\nline2"}}</tool_call>', { tools });
    expect(hermes.success && hermes.decision).toMatchObject({ args: { v: 'line1\r\nline2' } });
    expect(argsOf(qwen(param('a\r\nb')), { type: 'string' })).toEqual({ v: 'a\r\nb' });
  });

  it('collects a parameter given twice into an array where the schema allows one', () => {
    const twice = qwen(`${param('cats')}\n${param('dogs')}`);
    expect(argsOf(twice, { type: 'array', items: { type: 'string' } })).toEqual({ v: ['cats', 'dogs'] });
    expect(argsOf(twice, { type: ['string', 'array'] })).toEqual({ v: ['cats', 'dogs'] });
    expect(argsOf(qwen(`${param('1')}\n${param('2')}`), { type: 'array', items: { type: 'integer' } })).toEqual({ v: [1, 2] });
  });

  it('refuses a parameter given twice where the schema takes one value, naming it', () => {
    const refused = argsOf(qwen(`${param('cats')}\n${param('dogs')}`), { type: 'string' });
    expect(refused).toMatchObject({ refused: 'invalid-args' });
    expect(JSON.stringify(refused)).toContain('`v` given twice');
  });
});

describe('a parameter given twice without a declared type', () => {
  it('is refused as ambiguous, for {} and for an undeclared property alike', () => {
    const twice = qwen(`${param('cats')}\n${param('dogs')}`);
    for (const schema of [{}, undefined]) {
      const refused = argsOf(twice, schema);
      expect(refused).toMatchObject({ refused: 'invalid-args' });
      expect(JSON.stringify(refused)).toContain('give a list as one JSON array');
    }
  });
});
