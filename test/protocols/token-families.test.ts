/**
 * JSON and special-token tool-call families (FunctionGemma, Gemma 4, DeepSeek V3/V3.1/R1, Mistral,
 * Llama 3 JSON, Command R, Granite, xLAM, Phi-4-mini): each read the way its own server reads it, the
 * end of a call found by parsing its value, and malformed calls corrected instead of misread.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import type { ParseResult, ProtocolName } from '../../src/protocols/codec.ts';

const open = { type: 'object' } as const;
const tools: ToolSpec[] = ['get_weather', 'get_time', 'run', 'ab', 'cd', 'get_current_weather', 'git_clone'].map((name) => ({ name, inputSchema: open }));

const parse = (text: string, protocol: ProtocolName = 'native', maxActions = 4): ParseResult => parseDecision(protocol, text, { tools, maxActions });
const calls = (result: ParseResult) => (result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])) : result.error.message);

describe('FunctionGemma', () => {
  it('reads calls whose strings sit between <escape> tokens and whose other values are JSON', () => {
    const text = '<start_function_call>call:get_weather{location:<escape>San Francisco<escape>,unit:<escape>celsius<escape>,days:3,exact:true,tags:[<escape>a<escape>,<escape>b<escape>],where:{lat:1.5,name:<escape>x<escape>},none:null}<end_function_call>';
    expect(calls(parse(text))).toEqual([['get_weather', { location: 'San Francisco', unit: 'celsius', days: 3, exact: true, tags: ['a', 'b'], where: { lat: 1.5, name: 'x' }, none: null }]]);
  });

  it('reads several calls, with prose before them and without the end token a stop sequence removed', () => {
    const text = 'Let me check. <start_function_call>call:get_weather{location:<escape>Paris<escape>}<end_function_call><start_function_call>call:get_time{}';
    expect(calls(parse(text))).toEqual([['get_weather', { location: 'Paris' }], ['get_time', {}]]);
  });

  it('keeps markup, braces, commas and CRLF inside an escaped string', () => {
    const value = "echo '}' , x:1 <end_function_call>\r\n\t\"q\" ] \\";
    const text = `<start_function_call>call:run{command:<escape>${value}<escape>}<end_function_call>`;
    expect(calls(parse(text))).toEqual([['run', { command: value }]]);
  });

  it.each([
    ['a bare word where a string belongs', '<start_function_call>call:run{path:a//b}<end_function_call>'],
    ['a call cut off inside a string', '<start_function_call>call:run{path:<escape>/tmp'],
    ['a key given twice', '<start_function_call>call:run{a:1,a:2}<end_function_call>'],
  ])('corrects %s instead of guessing', (_name, text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
  });
});

describe('Gemma 4', () => {
  it('reads <|"|>-quoted strings holding the end token and braces', () => {
    const text = '<|tool_call>call:run{command:<|"|>printf "}<tool_call|>"<|"|>,n:2}<tool_call|>';
    expect(calls(parse(text))).toEqual([['run', { command: 'printf "}<tool_call|>"', n: 2 }]]);
  });

  it('corrects a bare word instead of cutting it at a comment', () => {
    expect(parse('<|tool_call>call:run{path:a//b}<tool_call|>').success).toBe(false);
  });

  it('reads every call of a block that holds several, and drops extra end tokens after a call', () => {
    expect(calls(parse('<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>}call:get_time{}<tool_call|>'))).toEqual([['get_weather', { city: 'Oslo' }], ['get_time', {}]]);
    expect(calls(parse('<|tool_call>call:get_time{}<tool_call|><tool_call|>Done.'))).toEqual([['get_time', {}]]);
  });

  it.each([
    ['an end token in the prose after a call', '<|tool_call>call:get_time{} <|"|>x<|"|><tool_call|>'],
    ['a quote token in the prose after a call', '<|tool_call>call:get_time{}<tool_call|> then <|"|>'],
    ['a call whose opening token is missing', '<|tool_call>call:get_time{}<tool_call|>call:get_weather{}<tool_call|>'],
  ])('corrects %s instead of dropping it', (_name, text) => {
    expect(parse(text)).toMatchObject({ success: false, error: { message: expect.stringMatching(/outside/) } });
  });

  it('reads a tool name namespaced with colons or starting with a digit or dash up to its arguments, and corrects one not on offer', () => {
    const namespaced = parseDecision('native', '<|tool_call>call:files:list_dir{path:<|"|>/srv<|"|>}<tool_call|>', { tools: [{ name: 'files:list_dir', inputSchema: open }] });
    expect(calls(namespaced)).toEqual([['files:list_dir', { path: '/srv' }]]);
    const unknown = parse('<|tool_call>call:files:list_dir{path:<|"|>/srv<|"|>}<tool_call|>');
    expect(unknown.success).toBe(false);
    for (const name of ['2fa_check', '-probe']) {
      const odd = parseDecision('native', `<|tool_call>call:${name}{code:<|"|>77<|"|>}<tool_call|>`, { tools: [{ name, inputSchema: open }] });
      expect(calls(odd), name).toEqual([[name, { code: '77' }]]);
    }
  });

  it('keeps Gemma markup quoted in Markdown code beside a call as prose', () => {
    expect(calls(parse('<|tool_call>call:get_time{}<tool_call|> The form is `call:get_weather{}<tool_call|>`.'))).toEqual([['get_time', {}]]);
  });
});

describe('DeepSeek V3 / R1 / V3.1', () => {
  const fenced = (bar: string, sep = '▁') =>
    `<${bar}tool${sep}calls${sep}begin${bar}><${bar}tool${sep}call${sep}begin${bar}>function<${bar}tool${sep}sep${bar}>get_weather\n\`\`\`json\n{"city": "Tokyo"}\n\`\`\`<${bar}tool${sep}call${sep}end${bar}><${bar}tool${sep}calls${sep}end${bar}>`;

  it.each([
    ['full-width bars', fenced('｜')],
    ['ASCII bars', fenced('|')],
    ['ASCII bars and underscores', fenced('|', '_')],
  ])('reads the fenced JSON form written with %s', (_name, text) => {
    expect(calls(parse(text))).toEqual([['get_weather', { city: 'Tokyo' }]]);
  });

  it('finds the end of V3.1 arguments by parsing them, not at the first end token', () => {
    const text =
      'Sure.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>run<｜tool▁sep｜>{"command": "echo \'<｜tool▁call▁end｜>\' ]}"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜> done';
    expect(calls(parse(text))).toEqual([['run', { command: "echo '<｜tool▁call▁end｜>' ]}" }], ['get_time', {}]]);
  });

  it('reads every call of a fenced V3 section', () => {
    const call = (name: string, args: string) => `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${name}\n\`\`\`json\n${args}\n\`\`\`<｜tool▁call▁end｜>`;
    const text = `<｜tool▁calls▁begin｜>${call('get_weather', '{"city": "Tokyo"}')}${call('get_time', '{}')}<｜tool▁calls▁end｜>`;
    expect(calls(parse(text))).toEqual([['get_weather', { city: 'Tokyo' }], ['get_time', {}]]);
  });

  it('corrects a call whose JSON is cut off inside the fence', () => {
    const text = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo"\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    expect(parse(text).success).toBe(false);
  });

  it('takes prose that shows a tool output marker as the answer', () => {
    const text = 'The tool replied <｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temp": 21}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>, so it is 21 degrees.';
    const result = parse(text);
    expect(result.success && result.decision).toMatchObject({ action: 'answer_user' });
  });
});

describe('Mistral', () => {
  it('finds the end of [ARGS] by parsing the JSON, so a string may hold [TOOL_CALLS]', () => {
    const text = '[TOOL_CALLS]run[ARGS]{"command": "echo [TOOL_CALLS]x[ARGS]{}"}[TOOL_CALLS]get_time[CALL_ID]abc123456[ARGS]{}';
    expect(calls(parse(text))).toEqual([['run', { command: 'echo [TOOL_CALLS]x[ARGS]{}' }], ['get_time', {}]]);
  });

  it('reads the list of calls after words that precede it', () => {
    expect(calls(parse('[TOOL_CALLS] here: [{"name": "get_weather", "arguments": {"city": "x"}}] done'))).toEqual([['get_weather', { city: 'x' }]]);
  });

  it('reads a list in a code fence after the marker', () => {
    expect(calls(parse('[TOOL_CALLS] ```json\n[{"name": "get_weather", "arguments": {"city": "x"}}]\n```'))).toEqual([['get_weather', { city: 'x' }]]);
  });

  it('reads calls after unclosed [THINK] reasoning', () => {
    const text = '[THINK]Let me think.[/THINK][THINK]I need the weather.[TOOL_CALLS]get_current_weather[ARGS]{"location": "Paris"}';
    expect(calls(parse(text))).toEqual([['get_current_weather', { location: 'Paris' }]]);
  });

  it.each([
    ['a list missing its opening bracket', '[TOOL_CALLS]{"name": "ab", "arguments": {}}]'],
    ['two calls missing the opening bracket', '[TOOL_CALLS]{"name": "ab", "arguments": {}}, {"name": "cd", "arguments": {"a": "b"}}]'],
    ['arguments that are not an object', '[TOOL_CALLS]ab[CALL_ID]call_1[ARGS]}'],
    ['a list cut off', '[TOOL_CALLS][{"name": "ab", "arguments": {}}, {"name": "cd", "arguments": {"a": "b"}'],
    ["a list missing its bracket after prose with an apostrophe", 'Here\'s the call: [TOOL_CALLS]{"name": "ab", "arguments": {}}]'],
  ])('corrects %s instead of reading part of it', (_name, text) => {
    for (const protocol of ['native', 'json', 'xml'] as const) expect(parse(text, protocol).success).toBe(false);
  });
});

describe('Llama 3 JSON, Granite, Phi-4-mini, xLAM, Command R', () => {
  it.each([
    ['Llama 3 with a special token in a string', '<|python_tag|>{"name": "run", "parameters": {"command": "echo <|eot_id|> ]}"}}'],
    ['Granite', '<|tool_call|>[{"name": "run", "arguments": {"command": "echo <|tool_call|> ]}"}}]'],
    ['Phi-4-mini', 'functools[{"name": "run", "arguments": {"command": "echo <|tool_call|> ]}"}}]'],
    ['xLAM', '```json\n{"tool_calls": [{"name": "run", "arguments": {"command": "echo <|tool_call|> ]}"}}]}\n```'],
    ['Command R', 'Action: ```json\n[{"tool_name": "run", "parameters": {"command": "echo <|tool_call|> ]}"}}]\n```'],
  ])('%s: markup inside a string value stays in the value', (_name, text) => {
    expect(calls(parse(text))).toEqual([['run', { command: expect.stringMatching(/^echo <\|(?:eot_id|tool_call)\|> \]\}$/) }]]);
  });

  it('corrects a turn whose second wrapped call is unreadable instead of dropping it', () => {
    const call = (json: string) => `<|message_model|>get_weather<|content_invoke_tool_json|>${json}<|end_message|>`;
    expect(parse(call('{"name": "get_weather", "args": {"city": "SF"}}') + call('{not json at all')).success).toBe(false);
  });

  it.each([
    ['Llama 3', '{"name": "run", "parameters": {"path": a//b}}'],
    ['Mistral', '[TOOL_CALLS]run[ARGS]{path:a//b}'],
    ['DeepSeek', '<｜tool▁call▁begin｜>run<｜tool▁sep｜>{path: /tmp/*.log}<｜tool▁call▁end｜>'],
  ])('%s: corrects an unquoted value holding // or /* instead of cutting it as a comment', (_name, text) => {
    expect(parse(text).success).toBe(false);
  });

  it('corrects a wrapped call that gives no arguments instead of guessing {}', () => {
    const result = parse('<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather"}');
    expect(result.success ? result.decisions : result.error.message).toContain('gives no arguments');
  });

  it.each([
    ['[TOOL_CALLS] in a Llama 3 string', '{"name": "run", "parameters": {"command": "x[TOOL_CALLS]y"}}', 'x[TOOL_CALLS]y'],
    ['<start_function_call> in a DeepSeek string', '<｜tool▁call▁begin｜>run<｜tool▁sep｜>{"command": "<start_function_call>call:x"}<｜tool▁call▁end｜>', '<start_function_call>call:x'],
    ['a [TOOL_CALLS] call with a stray ] in a Llama 3 string', '{"name": "run", "parameters": {"command": "[TOOL_CALLS]ab[ARGS]{}]"}}', '[TOOL_CALLS]ab[ARGS]{}]'],
    ['DeepSeek tokens in a Mistral string', '[TOOL_CALLS]run[ARGS]{"command": "<｜tool▁call▁begin｜>x"}', '<｜tool▁call▁begin｜>x'],
    ['the LFM2 end token in a Python string', "<|tool_call_start|>[run(command='a<|tool_call_end|>b')]<|tool_call_end|>", 'a<|tool_call_end|>b'],
  ])("%s is part of the value, not another family's malformed call", (_name, text, command) => {
    expect(calls(parse(text))).toEqual([['run', { command }]]);
  });
});

describe('MiniCPM3', () => {
  const block = (body: string) => `<|thought_start|>\nTwo lookups are needed.\n<|thought_end|>\n<|tool_call_start|>\n${body}\n<|tool_call_end|>\nOne moment.`;

  it('reads the calls of a fenced Python block, one per line, its thought as reasoning', () => {
    const result = parse(block('```python\nget_weather(city="Lima")\nget_time(zone="America/Lima")\n```'));
    expect(calls(result)).toEqual([
      ['get_weather', { city: 'Lima' }],
      ['get_time', { zone: 'America/Lima' }],
    ]);
  });

  it('answers with the text after the thought when no block is written', () => {
    expect(calls(parse('<|thought_start|>\nNo tool needed.\n<|thought_end|>\nLima is in Peru.'))).toEqual([['answer_user']]);
    const result = parse('<|thought_start|>\nNo tool needed.\n<|thought_end|>\nLima is in Peru.');
    if (result.success && result.decision.action === 'answer_user') expect(result.decision.answer).toBe('Lima is in Peru.');
  });

  it.each([
    ['a fence never closed', '```python\nget_weather(city="Lima")'],
    ['a call cut off inside the fence', '```python\nget_weather(city=\n```'],
    ['prose inside the fence', '```python\nget_weather(city="Lima")\nthen wait\n```'],
  ])('corrects %s, never running a call', (_label, body) => {
    expect(parse(block(body)).success).toBe(false);
  });
});

describe('JSON call lists the reply ends inside', () => {
  it('runs no call when the reply ends inside the arguments of one', () => {
    for (const text of [
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_time", "parameters": {"zone": "UTC"}}, {"tool_call_id": "1", "tool_name": "run", "parameters": {"command": "ls',
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "run", "parameters": {"command": "ls", "env": {"A": "1"}',
      '>>>get_time\n{"zone": "UTC"}>>>run\n{"command": "ls -',
    ]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('runs the calls when only the brackets around complete arguments are left open', () => {
    expect(calls(parse('<|tools_prefix|>[{"run": {"command": "ls"}'))).toEqual([['run', { command: 'ls' }]]);
  });
});
