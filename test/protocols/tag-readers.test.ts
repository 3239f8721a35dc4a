/**
 * Tag-style tool-call readers: each family's own shapes, the end of a call found by parsing, values
 * kept or trimmed per the family's rule, and corrections where a reading would be a guess.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'run', inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] } },
  { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } },
  { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'array', items: { type: 'string' } }, limit: { type: 'integer' } } } },
  { name: 'write', inputSchema: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' } } } },
  { name: 'todo', inputSchema: { type: 'object', properties: { todos: { type: 'array' } } } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const call = (tool: string, args: Record<string, unknown>) => ({ success: true, decisions: [{ action: 'call_tool', tool, args }] });

describe('the end of a call is found by parsing the value', () => {
  it('keeps closing tags and "} inside JSON strings (Hermes, <function=..>{json}, <tool_code>)', () => {
    const command = `echo '</tool_call>' "}" </function> </parameters> test`;
    const json = JSON.stringify({ command });
    expect(read(`<tool_call>\n{"name": "run", "arguments": ${json}}\n</tool_call>`)).toMatchObject(call('run', { command }));
    expect(read(`<function=run>${json}</function>`)).toMatchObject(call('run', { command }));
    expect(read(`<tool_code>\n<name>run</name>\n<parameters>\n${json}\n</parameters>\n</tool_code>`)).toMatchObject(call('run', { command }));
  });

  it('keeps a closing tag inside an XML-style value when the rest of the call would not parse otherwise', () => {
    const text = "<tool_call>\n<function=run>\n<parameter=command>\necho '</parameter>' test\n</parameter>\n</function>\n</tool_call>";
    expect(read(text)).toMatchObject(call('run', { command: "echo '</parameter>' test" }));
    const glm = "<tool_call>run\n<arg_key>command</arg_key>\n<arg_value>echo '</tool_call>' and </arg_value> too</arg_value>\n</tool_call>";
    expect(read(glm)).toMatchObject(call('run', { command: "echo '</tool_call>' and </arg_value> too" }));
  });

  it('corrects text left between a Hermes JSON object and </tool_call> instead of guessing', () => {
    const result = read('<tool_call>\n{"name": "run", "arguments": {"command": "ls"}} and more\n</tool_call>');
    expect(result).toMatchObject({ success: false, error: { kind: 'invalid-json' } });
  });

  it('lets </tool_call> stand in for the call object\'s last brace only, never for a value cut off before it', () => {
    expect(read('<tool_call>{"name": "write", "arguments": {"path": "notes.md"}</tool_call>')).toMatchObject(call('write', { path: 'notes.md' }));
    expect(read('<tool_call>{"name": "write"</tool_call>')).toMatchObject(call('write', {}));
    for (const cut of [
      '{"name": "write", "arguments": {"path": "no"',
      '{"name": "write", "arguments": {"path": "notes.md", "text": ["a"',
      '{"name": "write", "arguments": {"path": "no',
      '{"name": "write", ',
      '{"name": "write", "arguments": {"path": "notes.md"}, ',
    ]) {
      expect(read(`<tool_call>${cut}</tool_call>`), cut).toMatchObject({ success: false });
    }
  });

  it('lets </function> stand in for the arguments object\'s last brace only (`<function=name>{..}</function>`)', () => {
    expect(read('<function=write>{"path": "notes.md"</function>')).toMatchObject(call('write', { path: 'notes.md' }));
    for (const cut of ['{"path": "notes.md", "text": ["a"', '{"path": "notes.md", ', '{"path": "no']) {
      expect(read(`<function=write>${cut}</function>`), cut).toMatchObject({ success: false });
    }
  });
});

describe('formats read', () => {
  it('reads a Hermes block whose arguments sit under `args`, and corrects two argument keys', () => {
    const tools = [{ name: 'rename', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } } } }];
    expect(parseDecision('native', 'Renaming.\n<tool_call>\n{"name": "rename", "args": {"from": "a.txt", "to": "b.txt"}}\n</tool_call>', { tools })).toMatchObject({
      success: true,
      decision: { tool: 'rename', args: { from: 'a.txt', to: 'b.txt' } },
    });
    const both = parseDecision('native', '<tool_call>{"name": "rename", "arguments": {"from": "a"}, "args": {"to": "b"}}</tool_call>', { tools });
    expect(both).toMatchObject({ success: false, error: { message: expect.stringContaining('`args`') } });
  });

  it('reads Qwen3-Coder <function=name/> with no parameters (not "unknown tool")', () => {
    expect(read('<tool_call>\n<function=get_weather/>\n</tool_call>')).toMatchObject(call('get_weather', {}));
    expect(read('<tool_call>\n<function=get_weather>\n</function>\n</tool_call>')).toMatchObject(call('get_weather', {}));
  });

  it('ends a Qwen3-Coder call at </tool_call> when </function> is missing', () => {
    expect(read('<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</tool_call>')).toMatchObject(call('get_weather', { city: 'Oslo' }));
  });

  it('reads the <call=..>, <tool=..> and <invoke=..> variants', () => {
    for (const tag of ['call', 'tool', 'invoke']) {
      expect(read(`<tool_call>\n<${tag}=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</${tag}>\n</tool_call>`)).toMatchObject(call('get_weather', { city: 'Oslo' }));
    }
  });

  it('reads a CDATA value as one value, whatever markup it holds', () => {
    const text = '<tool_call>\n<function=write>\n<parameter=path>\na.html\n</parameter>\n<parameter=text>\n<![CDATA[<b>x</b></parameter><function=run>]]>\n</parameter>\n</function>\n</tool_call>';
    expect(read(text)).toMatchObject(call('write', { path: 'a.html', text: '<b>x</b></parameter><function=run>' }));
  });

  it('reads GLM 4.5-4.7 calls, after an unclosed <think>, and with a missing <arg_value> opening tag', () => {
    expect(read('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Hanoi</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>')).toMatchObject(call('get_weather', { city: 'Hanoi', days: 3 }));
    expect(read('<think>The user wants the weather.<tool_call>get_weather<arg_key>city</arg_key><arg_value>Hanoi</arg_value></tool_call>')).toMatchObject(call('get_weather', { city: 'Hanoi' }));
    expect(read('<tool_call>get_weather\n<arg_key>city</arg_key>Hanoi</arg_value>\n</tool_call>')).toMatchObject(call('get_weather', { city: 'Hanoi' }));
    expect(read('<tool_call>todo<arg_key>todos</arg_key><arg_value>[{\\"id\\": \\"1\\"}]</arg_value></tool_call>')).toMatchObject(call('todo', { todos: [{ id: '1' }] }));
  });

  it('keeps GLM values as written (no trimming), and drops only the Qwen3-Coder newline pair', () => {
    expect(read('<tool_call>write<arg_key>text</arg_key><arg_value>\n  AI\n</arg_value></tool_call>')).toMatchObject(call('write', { text: '\n  AI\n' }));
    expect(read('<tool_call>\n<function=write>\n<parameter=text>\n  AI\n\n</parameter>\n</function>\n</tool_call>')).toMatchObject(call('write', { text: '  AI\n' }));
  });

  it('reads a GLM value written as one quoted string as that string where the property declares no type (as GLM\'s servers do)', () => {
    const open = [{ name: 'lookup', inputSchema: { type: 'object' } }, ...tools];
    const glm = (value: string, tool = 'lookup', key = 'city') => parseDecision('native', `<tool_call>${tool}<arg_key>${key}</arg_key><arg_value>${value}</arg_value></tool_call>`, { tools: open });
    expect(glm('"Paris"')).toMatchObject(call('lookup', { city: 'Paris' }));
    expect(glm(String.raw`"\C|\."`)).toMatchObject(call('lookup', { city: String.raw`\C|\.` }));
    expect(glm(String.raw`'it\'s "here"'`)).toMatchObject(call('lookup', { city: `it's "here"` }));
    expect(glm(String.raw`"a\nb"`)).toMatchObject(call('lookup', { city: 'a\nb' }));
    // Declared `string`: the template writes strings bare, so the quotes are the value's own.
    expect(glm('"Paris"', 'get_weather')).toMatchObject(call('get_weather', { city: '"Paris"' }));
    // Not one quoted string: kept as written.
    expect(glm('"From Zero" Linkin Park')).toMatchObject(call('lookup', { city: '"From Zero" Linkin Park' }));
    expect(glm('"a" "b"')).toMatchObject(call('lookup', { city: '"a" "b"' }));
  });

  it('keeps \\r\\n and tabs inside values as written', () => {
    expect(read('<tool_call>\n{"name": "write", "arguments": {"text": "a\\r\\nb\\tc"}}\n</tool_call>')).toMatchObject(call('write', { text: 'a\r\nb\tc' }));
    expect(read('<tool_call>write<arg_key>text</arg_key><arg_value>a\r\nb</arg_value></tool_call>')).toMatchObject(call('write', { text: 'a\r\nb' }));
  });

  it('reads MiniMax-M2, MiniMax-M3 and Hunyuan calls', () => {
    expect(read('<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n</invoke>\n</minimax:tool_call>')).toMatchObject(call('get_weather', { city: 'Oslo' }));
    expect(read(']<]minimax[>[<tool_call>]<]minimax[>[<invoke name="get_weather">]<]minimax[>[<city>Oslo]<]minimax[>[</city>]<]minimax[>[</invoke>]<]minimax[>[</tool_call>')).toMatchObject(call('get_weather', { city: 'Oslo' }));
    expect(read('Checking.<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Tokyo</arg_value></tool_call></tool_calls>')).toMatchObject(call('get_weather', { city: 'Tokyo' }));
  });

  it('reads MiniMax-M3 nested elements as objects and <item> lists, leaves by their schema', () => {
    const m3 = (body: string) => `]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="create_event">${body}]<]minimax[>[</invoke>]<]minimax[>[</tool_call>`;
    const el = (key: string, inner: string) => `]<]minimax[>[<${key}>${inner}]<]minimax[>[</${key}>`;
    const event: ToolSpec = {
      name: 'create_event',
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          location: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'integer' } } },
          tags: { type: 'array', items: { type: 'string' } },
          matrix: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        },
      },
    };
    const open: ToolSpec = { name: 'create_event', inputSchema: { type: 'object' } };
    const body = el('title', 'Standup') + el('location', el('city', 'NYC') + el('zip', '10001')) + el('tags', el('item', 'red') + el('item', 'blue'));
    const args = { title: 'Standup', location: { city: 'NYC', zip: 10001 }, tags: ['red', 'blue'] };
    expect(parseDecision('native', m3(body), { tools: [event] })).toMatchObject(call('create_event', args));
    // With no schema: <item> children are a list, JSON text is JSON, other text a string.
    expect(parseDecision('native', m3(body), { tools: [open] })).toMatchObject(call('create_event', args));
    const matrix = el('matrix', el('item', el('item', '1') + el('item', '2.5')) + el('item', el('item', '3')));
    expect(parseDecision('native', m3(matrix), { tools: [event] })).toMatchObject(call('create_event', { matrix: [[1, 2.5], [3]] }));
    // An empty element is the empty list or object where the schema takes no string, else the empty string.
    expect(parseDecision('native', m3(el('title', '') + el('tags', '') + el('location', '')), { tools: [event] })).toMatchObject(call('create_event', { title: '', tags: [], location: {} }));
    // A key given twice inside an object is corrected, as at the top level.
    const twice = el('location', el('city', 'NYC') + el('city', 'LA'));
    expect(parseDecision('native', m3(twice), { tools: [event] })).toMatchObject({ success: false, error: { kind: 'invalid-args', message: expect.stringContaining('twice') } });
    // A nested element left open is still corrected.
    expect(parseDecision('native', m3(el('location', ']<]minimax[>[<city>NYC')), { tools: [event] })).toMatchObject({ success: false });
  });

  it('reads Seed-OSS and DeepSeek DSML self-closing invokes', () => {
    expect(read('<seed:tool_call>\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n</function>\n</seed:tool_call>')).toMatchObject(call('get_weather', { city: 'Oslo' }));
    expect(read('<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather"/>\n</｜DSML｜function_calls>')).toMatchObject(call('get_weather', {}));
  });

  it('reads MuseGlimmer calls only in a message addressed to a tool', () => {
    const invoke = '<atem:function_calls>\n<atem:invoke name="get_weather.get_weather">\n<atem:parameter name="city">Oslo</atem:parameter>\n</atem:invoke>\n</atem:function_calls>';
    expect(read(` to=self<|message|>Need weather.<|eom|><|start|>assistant to=get_weather.get_weather<|message|>${invoke}`)).toMatchObject(call('get_weather', { city: 'Oslo' }));
    // A calls block with prose in a message to the user is talk about a call; alone there, it is the call
    // (a fumbled header: the block can be no part of an answer).
    expect(read(`<|start|>assistant to=user<|message|>You would write:\n${invoke}`)).toMatchObject({ success: true, decision: { action: 'answer_user', answer: `You would write:\n${invoke}` } });
    expect(read(`<|start|>assistant to=user<|message|>${invoke}<|eot|>`)).toMatchObject(call('get_weather', { city: 'Oslo' }));
    expect(read(` to=self<|message|>Check.<|eom|><|start|>assistant to=user<|message|>Done<|eot|>`)).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'Done' } });
  });

  it('keeps a MuseGlimmer namespace that is not the tool doubled, so no tool of another namespace runs', () => {
    const message = (name: string) =>
      `<|start|>assistant to=${name}<|message|><atem:function_calls>\n<atem:invoke name="${name}">\n<atem:parameter name="city">Lima</atem:parameter>\n</atem:invoke>\n</atem:function_calls><|eot|>`;
    expect(read(message('maps.get_weather'))).toMatchObject({ success: false, error: { kind: 'unknown-tool', message: expect.stringContaining('maps.get_weather') } });
    expect(read(message('get_weather.get_weather'))).toMatchObject(call('get_weather', { city: 'Lima' }));
    const namespaced: ToolSpec[] = [{ name: 'maps.get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];
    expect(parseDecision('native', message('maps.get_weather'), { tools: namespaced })).toMatchObject(call('maps.get_weather', { city: 'Lima' }));
  });

  it('reads MiniCPM calls written without the space before name=', () => {
    expect(read('<functionname="get_weather"><paramname="city">上海</param></function>')).toMatchObject(call('get_weather', { city: '上海' }));
  });
});

describe('key/value, DSML and fenced-JSON spellings', () => {
  const multi = (text: string) => parseDecision('native', text, { tools, maxActions: 4 });
  const untyped: ToolSpec[] = [{ name: 'note', inputSchema: { type: 'object', properties: { title: {}, pages: {}, draft: {} } } }];

  it('reads Xing <param_key>/<param_value> calls, by the schema, and untyped values as JSON (its template writes them with tojson)', () => {
    expect(read('<tool_call>get_weather<param_key>city</param_key><param_value>Lima</param_value><param_key>days</param_key><param_value>4</param_value></tool_call>')).toMatchObject(
      call('get_weather', { city: 'Lima', days: 4 }),
    );
    const note = parseDecision('native', '<tool_call>note<param_key>title</param_key><param_value>plan</param_value><param_key>pages</param_key><param_value>12</param_value><param_key>draft</param_key><param_value>true</param_value></tool_call>', { tools: untyped });
    expect(note).toMatchObject(call('note', { title: 'plan', pages: 12, draft: true }));
  });

  it('reads DeepSeek V4.1 DSML, whose tags put a space after the DSML token and wrap the invokes in `calls`', () => {
    const invoke = (name: string, city: string) =>
      `<｜DSML｜ invoke name="${name}">\n<｜DSML｜ parameter name="city" string="true">${city}</｜DSML｜ parameter>\n<｜DSML｜ parameter name="days" string="false">2</｜DSML｜ parameter>\n</｜DSML｜ invoke>`;
    const text = `On it.\n<｜DSML｜ calls>\n${invoke('get_weather', 'Quito')}\n${invoke('get_weather', 'Lima')}\n</｜DSML｜ calls>`;
    expect(multi(text)).toMatchObject({
      success: true,
      decisions: [
        { tool: 'get_weather', args: { city: 'Quito', days: 2 } },
        { tool: 'get_weather', args: { city: 'Lima', days: 2 } },
      ],
    });
  });

  it('reads DSML tags written with each full-width bar doubled, closed as they were opened, and refuses one left open', () => {
    const bars = '｜｜DSML｜｜';
    const invoke = (city: string) => `<${bars}invoke name="get_weather">\n<${bars}parameter name="city" string="true">${city}</${bars}parameter>\n</${bars}invoke>\n`;
    const text = `Checking both.\n<${bars}tool_calls>\n${invoke('Riga')}${invoke('Tartu')}</${bars}tool_calls>\nDone.`;
    expect(multi(text)).toMatchObject({ success: true, decisions: [{ tool: 'get_weather', args: { city: 'Riga' } }, { tool: 'get_weather', args: { city: 'Tartu' } }] });
    // A single-bar closer does not close a doubled-bar tag: the call is cut off, not run.
    expect(read(`<${bars}invoke name="get_weather">\n<${bars}parameter name="city" string="true">Riga</｜DSML｜parameter>\n</${bars}invoke>`)).toMatchObject({ success: false });
    expect(read(`<${bars}tool_calls>\n<${bars}invoke name="get_weather">`)).toMatchObject({ success: false });
  });

  it('reads DSML tags whose letters are full-width like their bars, and never answers them as text', () => {
    const dsml = '｜ＤＳＭＬ｜';
    const invoke = (city: string) => `<${dsml}invoke name="get_weather"><${dsml}parameter name="city" string="true">${city}</${dsml}parameter></${dsml}invoke>`;
    expect(multi(`Looking.\n<${dsml}tool_calls>${invoke('Vilnius')}${invoke('Kaunas')}</${dsml}tool_calls>\nDone.`)).toMatchObject({
      success: true,
      decisions: [{ tool: 'get_weather', args: { city: 'Vilnius' } }, { tool: 'get_weather', args: { city: 'Kaunas' } }],
    });
    // Cut off inside the value: a correction, not an answer holding the markup.
    expect(read(`<${dsml}function_calls>\n<${dsml}invoke name="get_weather">\n<${dsml}parameter name="city" string="true">Vil`)).toMatchObject({ success: false });
  });

  it('reads a JSON body fenced after the tool name (Hunyuan), every call of the reply, and refuses a fence left open', () => {
    const fenced = (name: string, city: string) => `<tool_call>${name}\n\`\`\`json\n{"city": "${city}"}\n\`\`\`</tool_call>`;
    expect(multi(`<tool_calls>${fenced('get_weather', 'Oslo')}\n${fenced('get_weather', 'Bergen')}</tool_calls>`)).toMatchObject({
      success: true,
      decisions: [
        { tool: 'get_weather', args: { city: 'Oslo' } },
        { tool: 'get_weather', args: { city: 'Bergen' } },
      ],
    });
    expect(read('<tool_call>get_weather\n```json\n{"city": "Oslo"}\n</tool_call>')).toMatchObject({ success: false });
    expect(read('<tool_call>get_weather\n```json\n{"city": "Oslo"\n```</tool_call>')).toMatchObject({ success: false });
  });

  it('reads both calls, or refuses, where a GLM value left open is followed by a call of another <tool_call> spelling', () => {
    const text = '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</tool_call>\nThen:\n<tool_call>get_weather<param_key>city</param_key><param_value>Rome</param_value></tool_call>';
    const result = multi(text);
    if (result.success) expect(result.decisions).toHaveLength(2);
  });

  it('corrects a Hermes JSON block beside a Qwen3-Coder XML block instead of running only the XML call', () => {
    const text = '<tool_call>{"name": "run", "arguments": {"command": "ls"}}</tool_call>\n<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';
    const result = read(text);
    expect(result).toMatchObject({ success: false, error: { kind: 'no-decision' } });
    expect(multi(text)).toMatchObject({ success: false });
  });
});

describe('corrections instead of guesses', () => {
  it('corrects a call cut off before its close', () => {
    expect(read('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>San Fr')).toMatchObject({ success: false });
    expect(read('<function name="get_weather"><param name="city">Oslo</param>')).toMatchObject({ success: false });
  });

  it('corrects a value that holds an opening parameter tag (an unclosed parameter or markup: two readings)', () => {
    const text = '<tool_call>\n<function=get_weather>\n<parameter=city>\nDallas\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>';
    expect(read(text)).toMatchObject({ success: false, error: { kind: 'invalid-args', message: expect.stringContaining('`city`') } });
  });

  it('corrects a GLM key that has no value, naming the key', () => {
    expect(read('<tool_call>get_weather\n<arg_key>city</arg_key><arg_key>days</arg_key><arg_value>3</arg_value>\n</tool_call>')).toMatchObject({ success: false, error: { kind: 'invalid-args', message: expect.stringContaining('`city` has no <arg_value>') } });
    expect(read('<tool_call>get_weather\n<arg_key>city</arg_key></tool_call>')).toMatchObject({ success: false, error: { kind: 'invalid-args', message: expect.stringContaining('`city` has no <arg_value>') } });
  });

  it('corrects a <tool_call> holding neither JSON nor a GLM call with the expected shape, not as a call of its first word', () => {
    const result = read('<tool_call>not valid json</tool_call>');
    expect(result).toMatchObject({ success: false, error: { message: expect.stringContaining('<tool_call> must hold {"name"') } });
    expect(result.success || result.error.message).not.toContain('`not`');
  });

  it('makes a parameter given twice an array where the schema allows one, else corrects it', () => {
    const twice = (tool: string, key: string) => `<tool_call>\n<function=${tool}>\n<parameter=${key}>\na\n</parameter>\n<parameter=${key}>\nb\n</parameter>\n</function>\n</tool_call>`;
    expect(read(twice('search', 'query'))).toMatchObject(call('search', { query: ['a', 'b'] }));
    expect(read(twice('get_weather', 'city'))).toMatchObject({ success: false, error: { kind: 'invalid-args', message: expect.stringContaining('given twice') } });
  });
});
