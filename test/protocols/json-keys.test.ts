/**
 * Issue 25, invariants 1 and 3 for JSON keys, over every dialect that reads JSON:
 * - a key written twice in one object (`{"path": "x", "path": "y"}`, also `name` or `arguments` in
 *   the call object, JSON in a parameter's text, JSON inside a JSON string) is refused with a
 *   correction naming the key, never read as one of its values (`extract/duplicate-keys.ts`);
 * - a key beside a call that its shape does not frame (`{"type": "function", "function": {..},
 *   "extra": 1}`, beside `arguments`, beside `tool_calls`) is refused naming it, never dropped; the
 *   framing each shape has (`id`, `type`, `index`, a message's `role` and `content`) still reads
 *   (`dialects/call-object.ts`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { duplicateKey } from '../../src/tools/duplicate-key.ts';

type Entry = readonly [string, unknown];
const json = (value: unknown) => JSON.stringify(value);
/** An object's JSON text with its entries as given, a key written twice included. */
const objectText = (entries: readonly Entry[]) => `{${entries.map(([key, value]) => `${json(key)}: ${typeof value === 'string' && value.startsWith('{') ? value : json(value)}`).join(', ')}}`;

/** Writers of a call whose call object (`name`, `arguments`) is given as JSON text. */
interface CallWriter {
  name: string;
  /** `call`: the call object's text, with `name` and the arguments under `argumentKey`. */
  write(call: string): string;
  argumentKey: string;
}
const callWriters: readonly CallWriter[] = [
  { name: 'hermes', argumentKey: 'arguments', write: (call) => `<tool_call>\n${call}\n</tool_call>` },
  { name: 'llama3', argumentKey: 'parameters', write: (call) => call },
  { name: 'llama3 python_tag', argumentKey: 'parameters', write: (call) => `<|python_tag|>${call}<|eom_id|>` },
  { name: 'mistral', argumentKey: 'arguments', write: (call) => `[TOOL_CALLS][${call}]` },
  { name: 'granite', argumentKey: 'arguments', write: (call) => `<|tool_call|>[${call}]` },
  { name: 'openai function object', argumentKey: 'arguments', write: (call) => `{"type": "function", "function": ${call}}` },
  { name: 'openai tool_calls', argumentKey: 'arguments', write: (call) => `{"tool_calls": [{"id": "c1", "type": "function", "function": ${call}}]}` },
  { name: 'swe-agent command', argumentKey: 'arguments', write: (call) => `{"thought": "look", "command": ${call}}` },
];

/** Writers of a call whose arguments are given as JSON text, the tool named outside them. */
interface ArgsWriter {
  name: string;
  write(tool: string, args: string): string;
  protocol?: 'json' | 'native';
}
const argsWriters: readonly ArgsWriter[] = [
  ...callWriters.map((writer) => ({ name: writer.name, write: (tool: string, args: string) => writer.write(objectText([['name', tool], [writer.argumentKey, args]])) })),
  { name: 'openai, arguments as a JSON string', write: (tool, args) => json({ type: 'function', function: { name: tool, arguments: args } }) },
  { name: 'mistral v11', write: (tool, args) => `[TOOL_CALLS]${tool}[CALL_ID]a1b2c3d4e[ARGS]${args}` },
  { name: 'kimi k2', write: (tool, args) => `<|tool_calls_section_begin|><|tool_call_begin|>functions.${tool}:0<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>` },
  { name: 'deepseek v3.1', write: (tool, args) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>${tool}<｜tool▁sep｜>${args}<｜tool▁call▁end｜><｜tool▁calls▁end｜>` },
  { name: 'harmony', write: (tool, args) => `<|channel|>commentary to=functions.${tool} <|constrain|>json<|message|>${args}<|call|>` },
  { name: 'name then json', write: (tool, args) => `${tool}${args}` },
  { name: 'react', write: (tool, args) => `Thought: go.\nAction: ${tool}\nAction Input: ${args}` },
  { name: 'json agent', write: (tool, args) => `{"action": ${json(tool)}, "action_input": ${args}}` },
  { name: 'xml agent', write: (tool, args) => `<tool>${tool}</tool><tool_input>${args}</tool_input>` },
  { name: 'qwen-agent', write: (tool, args) => `✿FUNCTION✿: ${tool}\n✿ARGS✿: ${args}` },
  { name: 'xml tool_code', write: (tool, args) => `<tool_code>\n<name>${tool}</name>\n<parameters>\n${args}\n</parameters>\n</tool_code>` },
  { name: 'function tag', write: (tool, args) => `<function=${tool}>${args}</function>` },
  { name: 'hunyuan fenced json', write: (tool, args) => `<tool_calls><tool_call>${tool}\n\`\`\`json\n${args}\n\`\`\`</tool_call></tool_calls>` },
  { name: 'dspy json', write: (tool, args) => `{"next_thought": "Use it.", "next_tool_name": ${json(tool)}, "next_tool_args": ${args}}` },
  { name: 'json protocol', protocol: 'json', write: (tool, args) => `{"action": "call_tool", "tool": ${json(tool)}, "args": ${args}, "reason": "asked"}` },
];

/** Writers of a call whose one parameter's value is given as text (JSON written in a parameter). */
const parameterWriters: ReadonlyArray<{ name: string; write: (tool: string, key: string, value: string) => string }> = [
  { name: 'qwen3-coder', write: (tool, key, value) => `<tool_call>\n<function=${tool}>\n<parameter=${key}>\n${value}\n</parameter>\n</function>\n</tool_call>` },
  { name: 'glm', write: (tool, key, value) => `<tool_call>${tool}\n<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n</tool_call>` },
  { name: 'minimax', write: (tool, key, value) => `<minimax:tool_call>\n<invoke name="${tool}">\n<parameter name="${key}">${value}</parameter>\n</invoke>\n</minimax:tool_call>` },
  { name: 'tool-name tags', write: (tool, key, value) => `<${tool}><${key}>${value}</${key}></${tool}>` },
  { name: 'dsml', write: (tool, key, value) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="${tool}">\n<｜DSML｜parameter name="${key}" string="false">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>` },
  { name: 'line', write: (tool, _key, value) => `FUNCTION_CALL: ${tool}|${value}` },
];

const keys = ['city', 'path', 'query'];
const toolNames = ['get_weather', 'read_file'];
const tools: ToolSpec[] = [
  ...toolNames.map((name): ToolSpec => ({ name, inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])) } })),
  { name: 'configure', inputSchema: { type: 'object', properties: { settings: { type: 'object' } }, required: ['settings'] } },
];

const parse = (text: string, protocol: 'json' | 'native' | 'line' = 'native') => parseDecision(protocol, text, { tools });
/** The correction's whole text: its message and details. */
const correction = (text: string, protocol?: 'json' | 'native' | 'line') => {
  const result = parse(text, protocol);
  return result.success ? undefined : [result.error.message, ...(result.error.details ?? [])].join('\n');
};

const word = fc.stringMatching(/^[a-z]{3,8}$/);
/** Entries of one arguments object in which `key` is written twice with two different values, at any place. */
const twiceArbitrary = fc
  .tuple(fc.constantFrom(...keys), word, word, fc.subarray(keys), fc.nat(), fc.nat())
  .filter(([, first, second]) => first !== second)
  .map(([key, first, second, others, at, later]) => {
    const entries: Entry[] = others.filter((other) => other !== key).map((other) => [other, 'v'] as const);
    entries.splice(at % (entries.length + 1), 0, [key, first]);
    const from = entries.findIndex(([name]) => name === key) + 1;
    entries.splice(from + (later % (entries.length - from + 1)), 0, [key, second]);
    return { key, text: objectText(entries) };
  });
const RUNS = 60;

describe('a key written twice in one JSON object is refused, naming it', () => {
  it('finds the key and its path, and nothing in objects that name each key once', () => {
    expect(duplicateKey('{"a": 1, "b": {"c": 1, "c": 2}}')).toBe('b.c');
    expect(duplicateKey('[{"name": "x", "name": "y"}]')).toBe('[].name');
    expect(duplicateKey('{"a": {"k": 1}, "b": {"k": 1}, "k": [{"k": 1}, {"k": 2}]}')).toBeUndefined();
    expect(duplicateKey('{"p\\u0061th": 1, "path": 2}')).toBe('path');
    expect(duplicateKey('{"s": "\\"k\\": 1, \\"k\\": 2", "t": "{\\"a\\":1}"}')).toBeUndefined();
    expect(duplicateKey('{"a": "x:", "b": "y", "a:": 1}')).toBeUndefined();
  });

  it('in the call object: two names, two arguments objects, two values of an argument (our own cases)', () => {
    const cases = [
      ['<tool_call>{"name": "read_file", "name": "get_weather", "arguments": {"path": "a"}}</tool_call>', 'name'],
      ['<tool_call>{"name": "read_file", "arguments": {"path": "a"}, "arguments": {"path": "b"}}</tool_call>', 'arguments'],
      ['{"name": "read_file", "parameters": {"path": "x", "path": "y"}}', 'parameters.path'],
      ['[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "a"}, "name": "get_weather"}]', '[].name'],
      ['{"type": "function", "function": {"name": "read_file", "arguments": "{\\"path\\": \\"x\\", \\"path\\": \\"y\\"}"}}', 'path'],
      ["<tool_call>{'name': 'read_file', 'arguments': {'path': 'x', 'path': 'y'}}</tool_call>", 'arguments.path'],
      ['<tool_call>{"name": "read_file", "arguments": {"path": "x", path: "y"}}</tool_call>', 'arguments.path'],
      ['{"name": "read_file", "path": "x", "path": "y"}', 'path'],
      ['{"action": "call_tool", "tool": "read_file", "tool": "get_weather", "args": {}, "reason": "r"}', 'tool'],
    ] as const;
    for (const [text, key] of cases) expect(correction(text, text.startsWith('{"action"') ? 'json' : 'native'), text).toContain(`\`${key}\``);
  });

  it('property: every JSON call dialect refuses arguments holding a key twice, naming the key', () => {
    // Each writer reads the same arguments written once: the property is not passed by refusing all.
    for (const writer of argsWriters) {
      const result = parse(writer.write('read_file', '{"path": "a", "city": "b"}'), writer.protocol);
      expect(result.success && result.decision, writer.name).toMatchObject({ action: 'call_tool', tool: 'read_file', args: { path: 'a', city: 'b' } });
    }
    fc.assert(
      fc.property(fc.constantFrom(...argsWriters), fc.constantFrom(...toolNames), twiceArbitrary, (writer, tool, { key, text }) => {
        const written = writer.write(tool, text);
        expect(correction(written, writer.protocol), `${writer.name}: ${written}`).toContain(`${key}\``);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('property: the call object holding its name or its arguments twice is refused in every JSON call shape', () => {
    fc.assert(
      fc.property(fc.constantFrom(...callWriters), fc.constantFrom('name', 'arguments'), fc.boolean(), (writer, twice, last) => {
        const args = '{"path": "a"}';
        const entries: Entry[] = twice === 'name' ? [['name', 'read_file'], [writer.argumentKey, args], ['name', 'get_weather']] : [['name', 'read_file'], [writer.argumentKey, args], [writer.argumentKey, '{"path": "b"}']];
        if (!last) entries.reverse();
        const written = writer.write(objectText(entries));
        const key = twice === 'name' ? 'name' : writer.argumentKey;
        expect(correction(written), `${writer.name}: ${written}`).toContain(`${key}\``);
      }),
      { numRuns: RUNS },
    );
  });

  it('property: JSON holding a key twice in a parameter text never becomes a value, and the correction names it', () => {
    for (const writer of parameterWriters) {
      const result = parse(writer.write('configure', 'settings', '{"mode": "a"}'), writer.name === 'line' ? 'line' : 'native');
      expect(result.success && result.decision, writer.name).toMatchObject({ action: 'call_tool', args: { settings: { mode: 'a' } } });
    }
    fc.assert(
      fc.property(fc.constantFrom(...parameterWriters), twiceArbitrary, (writer, { key, text }) => {
        const written = writer.write('configure', 'settings', text);
        expect(correction(written, writer.name === 'line' ? 'line' : 'native'), `${writer.name}: ${written}`).toContain(`${key}\``);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a key beside a call that its shape does not frame is refused, naming it', () => {
  /** Each level of the OpenAI shape, with a key put beside the call there. */
  const levels = [
    { name: 'beside arguments', framing: '"id": "c9"', write: (call: string, extra: string) => `{"type": "function", "function": ${call.replace(/\}$/, `, ${extra}}`)}}` },
    { name: 'beside function', framing: '"index": 0', write: (call: string, extra: string) => `{"id": "c1", "type": "function", "function": ${call}, ${extra}}` },
    { name: 'beside tool_calls', framing: '"content": "Checking."', write: (call: string, extra: string) => `{"role": "assistant", "tool_calls": [{"type": "function", "function": ${call}}], ${extra}}` },
    { name: 'beside function_call', framing: '"id": "m1"', write: (call: string, extra: string) => `{"role": "assistant", "content": null, "function_call": ${call}, ${extra}}` },
    { name: 'in a wrapped list', framing: '"id": "c9"', write: (call: string, extra: string) => `<|tool_call|>[${call.replace(/\}$/, `, ${extra}}`)}]` },
    { name: 'hermes', framing: '"id": "c9"', write: (call: string, extra: string) => `<tool_call>${call.replace(/\}$/, `, ${extra}}`)}</tool_call>` },
    { name: 'mistral', framing: '"id": "c9"', write: (call: string, extra: string) => `[TOOL_CALLS][${call.replace(/\}$/, `, ${extra}}`)}]` },
    { name: 'llama3 arguments', framing: '"id": "c9"', write: (call: string, extra: string) => call.replace(/\}$/, `, ${extra}}`) },
  ];
  const framing = new Set(['id', 'type', 'index', 'call_id', 'tool_call_id', 'function', 'role', 'content', 'tool_calls', 'function_call', 'name', 'arguments']);
  const extraKey = fc.stringMatching(/^[a-z_]{2,10}$/).filter((key) => !framing.has(key));
  const extraValue = fc.oneof(fc.integer(), word.map((text) => json(text)), fc.constant('{"path": "b"}'));

  it('our own cases: extra keys at each level, and the framing that reads', () => {
    const call = '{"name": "read_file", "arguments": {"path": "a"}}';
    expect(correction(`{"type": "function", "function": ${call}, "extra": 1}`)).toContain('`extra`');
    expect(correction(`{"type": "function", "function": {"name": "read_file", "arguments": {"path": "a"}, "content": "x"}}`)).toContain('`content`');
    expect(correction(`[{"id": "call_1", "type": "function", "function": ${call}, "content": "checking"}]`)).toContain('`content`');
    expect(correction(`{"tool_calls": [{"type": "function", "function": ${call}}], "path": "b"}`)).toContain('`path`');
    expect(correction(`{"role": "assistant", "content": {"path": "b"}, "tool_calls": [{"type": "function", "function": ${call}}]}`)).toContain('`content`');
    expect(correction('{"function": "read_file", "args": {"path": "a"}, "note": "x"}')).toContain('`note`');
    // Framing: a tool call's id, type and index; a message's role and text content.
    const framed = [
      `{"id": "c1", "type": "function", "index": 0, "function": ${call}}`,
      `{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": ${call}}]}`,
      `{"role": "assistant", "content": "", "function_call": {"name": "read_file", "arguments": "{\\"path\\": \\"a\\"}"}}`,
      '[TOOL_CALLS][{"name": "read_file", "arguments": {"path": "a"}, "id": "a1b2c3d4e"}]',
    ];
    for (const text of framed) expect(parse(text), text).toMatchObject({ success: true, decision: { tool: 'read_file', args: { path: 'a' } } });
  });

  it('property: every level of every JSON call shape refuses a key it does not frame, naming it; framing keys still read', () => {
    fc.assert(
      fc.property(fc.constantFrom(...levels), fc.constantFrom(...toolNames), extraKey, extraValue, (level, tool, key, value) => {
        const argumentKey = level.name === 'llama3 arguments' ? 'parameters' : 'arguments';
        const call = objectText([['name', tool], [argumentKey, '{"path": "a"}']]);
        const written = level.write(call, `${json(key)}: ${value}`);
        expect(correction(written), `${level.name}: ${written}`).toContain(`\`${key}\``);
        const framed = level.write(call, level.framing);
        expect(parse(framed), `${level.name}: ${framed}`).toMatchObject({ success: true, decision: { tool, args: { path: 'a' } } });
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the count that spares the scan never hides a key written twice', () => {
  it('deep nesting, colons inside strings, and space before a colon still find the key', () => {
    const deep = (inner: string, levels: number) => `${'{"a": '.repeat(levels)}${inner}${'}'.repeat(levels)}`;
    const cases = [
      deep('{"k": 1, "k": 2}', 70),
      '{"k" : 1, "k": 2}',
      '{"k"\n:1,"k"\t: 2, "s": "x:y"}',
      '{"note": "a: b: c: d", "k": 1, "k": 2}',
      `[${'['.repeat(80)}{"k": 1, "k": 2}${']'.repeat(80)}]`,
    ];
    for (const text of cases) expect(duplicateKey(text, JSON.parse(text)), text.slice(0, 60)).toBeDefined();
    const once = ['{"k" : 1, "j": {"k": 2}}', '{"s": "\\"k\\": 1", "k": 1}', deep('{"k": 1}', 70)];
    for (const text of once) expect(duplicateKey(text, JSON.parse(text)), text.slice(0, 60)).toBeUndefined();
  });

  it('property: with or without the parsed value, the answer is the same', () => {
    const entry = fc.tuple(fc.constantFrom('a', 'b', 'c', 'a:b', 'x\\"y'), fc.oneof(fc.integer(), fc.constantFrom('"t: u"', '"v"', '{"a": 1}', '[{"b": 2, "b": 3}]', '{"a": 1, "a": 2}')), fc.constantFrom('', ' ', '\n'));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 5 }), (entries) => {
        const text = `{${entries.map(([key, value, space]) => `"${key}"${space}: ${value}`).join(', ')}}`;
        expect(duplicateKey(text, JSON.parse(text)), text).toBe(duplicateKey(text));
      }),
      { numRuns: RUNS * 4 },
    );
  });
});
