import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { readPythonCalls } from '../../src/protocols/dialects/python-literal.ts';
import { parameterValue } from '../../src/protocols/dialects/xml-parameters.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { nativeCodec } from '../../src/protocols/native-codec.ts';
import { xmlCodec } from '../../src/protocols/xml-codec.ts';

const tools: ToolSpec[] = [
  {
    name: 'lookup',
    inputSchema: {
      type: 'object',
      properties: { code: { type: 'string' }, count: { type: 'integer' }, strict: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['code'],
      additionalProperties: false,
    },
  },
  { name: 'store', inputSchema: { type: 'object', properties: { value: {} }, required: ['value'] } },
];

/** Renders a JSON value the way Python's repr would write it. */
function pythonLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return JSON.stringify(value);
  if (typeof value === 'string') {
    const escaped = [...value]
      .map((char) => {
        if (char === '\\' || char === "'") return `\\${char}`;
        const code = char.codePointAt(0) ?? 0;
        if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
        return char;
      })
      .join('');
    return `'${escaped}'`;
  }
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]) => `${pythonLiteral(key)}: ${pythonLiteral(item)}`);
  return `{${entries.join(', ')}}`;
}

describe('python call reader', () => {
  it('reads literals of every kind without evaluating anything', () => {
    const text = `[lookup(code="a\\tb", count=-4, strict=False, tags=('x', "y",), extra={'k': [None, 1.5e3, true]})]`;
    expect(readPythonCalls(text)).toEqual([{ name: 'lookup', args: { code: 'a\tb', count: -4, strict: false, tags: ['x', 'y'], extra: { k: [null, 1500, true] } } }]);
    expect(readPythonCalls(`lookup(code='''two\nlines''')\nstore(value=r'C:\\dir')`)).toEqual([
      { name: 'lookup', args: { code: 'two\nlines' } },
      { name: 'store', args: { value: 'C:\\dir' } },
    ]);
  });

  it.each([
    ['a positional argument', '[lookup("x")]'],
    ['a function call as a value', "[lookup(code=open('x'))]"],
    ['text after the list', '[lookup(code="x")] and more'],
    ['an unterminated string', "[lookup(code='x)]"],
    ['an expression', '[lookup(count=1+1)]'],
    ['nesting deeper than the limit', `[store(value=${'['.repeat(100)}${']'.repeat(100)})]`],
  ])('reads nothing from %s', (_name, text) => {
    expect(readPythonCalls(text)).toBeUndefined();
  });

  it('gives back any JSON value written as a Python literal', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        const expected = JSON.parse(JSON.stringify(value)) as unknown;
        expect(readPythonCalls(`[store(value=${pythonLiteral(expected)})]`)).toEqual([{ name: 'store', args: { value: expected } }]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('XML-ish parameter values', () => {
  it('follows the property schema when there is one, and guesses JSON only without one', () => {
    expect(parameterValue('007', { type: 'string' })).toBe('007');
    expect(parameterValue('\n  indented();\n', { type: 'string' })).toBe('  indented();');
    expect(parameterValue('\n42\n', { type: 'integer' })).toBe(42);
    expect(parameterValue('[1, 2]', {})).toEqual([1, 2]);
    expect(parameterValue('2024-06-01', undefined)).toBe('2024-06-01');
    expect(parameterValue('12', undefined, 'true')).toBe('12');
    expect(parameterValue('{"a": 1,}', undefined, 'false')).toEqual({ a: 1 });
  });

  it('coerces GLM values by the tool schema', () => {
    const text = '<tool_call>lookup<arg_key>code</arg_key><arg_value>0042</arg_value><arg_key>count</arg_key><arg_value>3</arg_value><arg_key>strict</arg_key><arg_value>true</arg_value></tool_call>';
    const result = parseDecision('native', text, { tools });
    expect(result).toMatchObject({ success: true, dialect: 'glm', decision: { tool: 'lookup', args: { code: '0042', count: 3, strict: true } } });
  });
});

describe('drifted calls', () => {
  it('reads several calls of one turn in order when the turn allows them', () => {
    const text = '<|tool_call_start|>[lookup(code="a"), store(value={"k": 1})]<|tool_call_end|>';
    const result = parseDecision('native', text, { tools, maxActions: 2 });
    expect(result.success && result.decisions.map((decision) => decision.action === 'call_tool' && [decision.tool, decision.args])).toEqual([
      ['lookup', { code: 'a' }],
      ['store', { value: { k: 1 } }],
    ]);
  });

  it('offers ask_user and answer_user through every drift form', () => {
    const asked = parseDecision('native', '[ask_user(question="Which year?", why="the report needs one")]', { tools });
    expect(asked).toMatchObject({ success: true, decision: { action: 'ask_user', question: 'Which year?', why: 'the report needs one' } });
    const answered = parseDecision('native', '<invoke name="answer_user"><parameter name="answer">It is done.</parameter></invoke>', { tools });
    expect(answered).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'It is done.' } });
  });

  it('does not take a tool definition for a call', () => {
    const text = 'The tool is declared as {"type": "function", "function": {"name": "lookup", "parameters": {"type": "object"}}}.';
    expect(parseDecision('xml', text, { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: text } });
  });

  it('ends a <tool_call> block where its JSON ends, past a </tool_call> inside a comment', () => {
    const text = '<tool_call>{name:"lookup",arguments:{code:"a"}, // " </tool_call> inside a comment\n}</tool_call>';
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'lookup', args: { code: 'a' } }, repaired: true });
    // `//` right after a bare word: a comment, or part of the value? Refused, not cut.
    expect(parseDecision('native', '<tool_call>{name:"lookup",arguments:{code:a//b}}</tool_call>', { tools }).success).toBe(false);
  });

  it('never throws, whatever mix of call tokens it is given', () => {
    const fragments = ['<|tool_call>', 'call:', '<|"|>', '<invoke name="', '<parameter name="', '</parameter>', '<function=', '[', '(', '=', '{', '"', "'", '<｜tool▁call▁begin｜>', '<｜tool▁sep｜>', 'to=functions.', '<|message|>', '<arg_key>', '<arg_value>', 'lookup', '>>>', '\n', '[TOOL_CALLS]', ']]>', '<![CDATA['];
    const text = fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 4 })), { maxLength: 30 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.constantFrom('native', 'xml', 'json', 'line', 'envelope'), (input, protocol) => {
        const result = parseDecision(protocol as 'native', input, { tools, maxActions: 3 });
        expect(typeof result.success).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('plain text that attempts a call', () => {
  it.each([
    ['a call token with nothing readable after it', 'Checking now. <|tool_call>call:lookup'],
    ['an unfinished pythonic call of a known tool', 'Let me run [lookup(code="x"'],
    ['a JSON call of a known tool nested in an unknown wrapper', 'Running {"step": {"name": "lookup", "arguments": {"code": "x"}}} now.'],
    ['an invoke tag without a name', '<invoke>lookup</invoke>'],
  ])('is rejected, not answered: %s', (_name, text) => {
    for (const codec of [nativeCodec, xmlCodec]) {
      const result = codec.parse(text, { tools });
      if (result.success) throw new Error(`${codec.name} accepted ${result.dialect}: ${JSON.stringify(result.decisions)}`);
      expect(result.error.kind).toBe('no-decision');
      const correction = codec.correction(result.error);
      expect(correction).toContain('could not be read');
      expect(correction).toContain('plain text');
    }
  });

  it.each([
    ['prose quoting JSON', 'The response was {"name": "demo", "version": 2}, so the deploy worked.'],
    ['a code fence', 'Use this:\n```python\nresult = lookup(code)\nprint(result)\n```'],
    ['an inline-code mention of a call token', 'Llama 3 starts built-in calls with `<|python_tag|>`; no call was needed.'],
    ['a markdown link and brackets', 'See [the docs](https://example.com/a(b)) and [note 1].'],
    ['a tool named in prose', 'I used lookup(code) earlier; the code is 42.'],
  ])('stays an answer: %s', (_name, text) => {
    for (const codec of [nativeCodec, xmlCodec]) {
      expect(codec.parse(text, { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: text }, repaired: false });
    }
  });
});
