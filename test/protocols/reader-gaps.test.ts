/**
 * Formats reins read as text or refused though they are readable (issue 25): Continue's tool blocks,
 * LongCat's arg tags, Kimi K3 json blocks, GLM's last value left unclosed, MiniMax M3 elements without
 * separators, padded names, DeepSeek wrappers, a tool-name line with elements. Each is read only when
 * complete, and a cut-off or mixed form is a correction.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } },
  { name: 'search', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
];
const read = (text: string, maxActions = 2) => parseDecision('native', text, { tools, maxActions });
const callsOf = (text: string, maxActions = 2) => {
  const result = read(text, maxActions);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : `refused: ${result.error.message}`;
};
const refused = (text: string) => expect(read(text).success, text).toBe(false);

describe('Continue tool blocks', () => {
  const block = '```tool\nTOOL_NAME: get_weather\nBEGIN_ARG: city\nSão Paulo\nEND_ARG\nBEGIN_ARG: days\n3\nEND_ARG\n```';
  it('reads a block, typed by the schema, also among prose and beside a second block', () => {
    expect(callsOf(block)).toEqual([['get_weather', { city: 'São Paulo', days: 3 }]]);
    expect(callsOf(`I will look it up.\n\n${block}\n\`\`\`tool\ntool_name: search\nbegin_arg: query\nline one\nline two\nend_arg\n\`\`\``)).toEqual([
      ['get_weather', { city: 'São Paulo', days: 3 }],
      ['search', { query: 'line one\nline two' }],
    ]);
  });
  it('refuses a block cut off, or holding text that is no argument', () => {
    refused(block.slice(0, block.indexOf('END_ARG')));
    refused(block.slice(0, -3));
    refused('```tool\nTOOL_NAME: get_weather\ncity is Oslo\n```');
  });
  it('leaves a mention in inline code an answer', () => {
    expect(callsOf('Continue writes `TOOL_NAME: x` lines.')).toEqual(['answer_user']);
  });
});

describe('LongCat arg tags', () => {
  const call = '<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n<longcat_arg_value>Oslo</longcat_arg_value>\n<longcat_arg_key>days</longcat_arg_key>\n<longcat_arg_value>2</longcat_arg_value>\n</longcat_tool_call>';
  it('reads the call, and its JSON form', () => {
    expect(callsOf(call)).toEqual([['get_weather', { city: 'Oslo', days: 2 }]]);
    expect(callsOf('<longcat_tool_call>{"name": "search", "arguments": {"query": "tides"}}</longcat_tool_call>')).toEqual([['search', { query: 'tides' }]]);
  });
  it('refuses a cut-off call', () => {
    refused(call.slice(0, call.indexOf('</longcat_tool_call>')));
    refused(call.slice(0, call.indexOf('Oslo') + 2));
  });
});

describe('Kimi K3 json argument blocks', () => {
  const call = (body: string) => `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>${body}<|close|>call<|sep|><|close|>tools<|sep|>`;
  it('reads one json block as the arguments', () => {
    expect(callsOf(call('<|open|>json type="object"<|sep|>{"city": "Oslo", "days": 4}<|close|>json<|sep|>'))).toEqual([['get_weather', { city: 'Oslo', days: 4 }]]);
  });
  it('refuses a cut JSON value, and a json block beside argument blocks', () => {
    refused(call('<|open|>json type="object"<|sep|>{"city": "Os<|close|>json<|sep|>'));
    refused(call('<|open|>json type="object"<|sep|>{"city": "Oslo"}<|close|>json<|sep|><|open|>argument key="days"<|sep|>2<|close|>argument<|sep|>'));
  });
});

describe('GLM and MiniMax gaps', () => {
  it("reads GLM's last <arg_value> left unclosed before </tool_call>", () => {
    expect(callsOf('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</tool_call>')).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(callsOf('<tool_call>get_weather\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n<arg_key>city</arg_key>\n<arg_value>Paris</tool_call>')).toEqual([['get_weather', { days: 2, city: 'Paris' }]]);
  });
  it('reads values left unclosed before the next <arg_key> and </tool_call> (no value closed: no template writes that)', () => {
    expect(callsOf('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>days</arg_key>\n<arg_value>2</tool_call>')).toEqual([['get_weather', { city: 'Paris', days: 2 }]]);
    expect(callsOf('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris\n<arg_key>days</arg_key>\n<arg_value>2\n</tool_call>')).toEqual([['get_weather', { city: 'Paris\n', days: 2 }]]);
    // Laguna writes `<user>` in place of `<tool_call>`; prose in `<user>` stays text.
    expect(callsOf('Reading it.\n<user>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</user>')).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(callsOf('<user>hello\nthere</user>')).toEqual(['answer_user']);
  });
  it('still refuses a call cut off, a value holding other GLM tags, and a key with nothing after it', () => {
    // The chat template writes this for city = `Paris<arg_key>days</arg_key>\n<arg_value>2`: two readings.
    refused('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>');
    refused('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris');
    refused('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>days</arg_key>\n<arg_value>2');
    refused('<user>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>days</arg_key>\n<arg_value>2');
    // Which `</arg_value>` closes which value is a guess once a value holds one of them.
    refused('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>a<arg_key>days</arg_key><arg_value>2</arg_value>c</arg_value></tool_call>');
    refused('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>days</arg_key></tool_call>');
    // A value never ends at a key of the next call: the first call is closed, or there is no reading.
    refused('<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris\n<tool_call>get_weather\n<arg_key>days</arg_key>\n<arg_value>2</arg_value></tool_call>');
  });
  it('reads MiniMax M3 elements written without their separators', () => {
    expect(callsOf('<minimax:tool_call>\n<invoke name="get_weather">\n<city>Oslo</city>\n<days>3</days>\n</invoke>\n</minimax:tool_call>')).toEqual([['get_weather', { city: 'Oslo', days: 3 }]]);
  });
  it('never reads markup inside a MiniMax M3 value as a child element where no separator marks one', () => {
    const m3 = ']<]minimax[>[';
    // A string holding markup is ambiguous in this form: a correction, never a call with another value.
    refused(`${m3}<tool_call>${m3}<invoke name="get_weather">${m3}<city>Oslo <b>north</b>${m3}</city>${m3}</invoke>${m3}</tool_call>`);
  });
});

describe('names and wrappers', () => {
  it('reads a name padded with spaces as the name, in every form', () => {
    expect(callsOf('<minimax:tool_call><invoke name=" get_weather "><parameter name="city">Oslo</parameter></invoke></minimax:tool_call>')).toEqual([['get_weather', { city: 'Oslo' }]]);
    expect(callsOf('<tool_call>{"name": " search ", "arguments": {"query": "x"}}</tool_call>')).toEqual([['search', { query: 'x' }]]);
  });
  it('never corrects with "unknown tool `x`, available: x"', () => {
    const result = read('<tool_call>{"name": "get_weather\\u200b", "arguments": {"city": "Oslo"}}</tool_call>');
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error.message).not.toMatch(/unknown tool `get_weather`/);
      expect(result.error.message).toContain('write `get_weather`');
    }
  });
  it('unwraps DeepSeek arguments wrapped in "parameters", unless the tool takes that name', () => {
    const deepseek = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"parameters": {"city": "Oslo"}}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    expect(callsOf(deepseek)).toEqual([['get_weather', { city: 'Oslo' }]]);
    const declares: ToolSpec[] = [{ name: 'get_weather', inputSchema: { type: 'object', properties: { parameters: { type: 'object' } } } }];
    const result = parseDecision('native', deepseek, { tools: declares });
    expect(result.success && result.decision.action === 'call_tool' ? result.decision.args : undefined).toEqual({ parameters: { city: 'Oslo' } });
  });
});

describe('a tool-name line with its arguments as elements', () => {
  it('reads it, with prose after it', () => {
    expect(callsOf('get_weather:\n<city>Busan</city>')).toEqual([['get_weather', { city: 'Busan' }]]);
    expect(callsOf('get_weather\n<city>Seoul</city>\n<days>2</days>\nThanks', 1)).toEqual([['get_weather', { city: 'Seoul', days: 2 }]]);
  });
  it('refuses an element left open, and leaves elements the tool does not declare to the answer', () => {
    refused('get_weather:\n<city>Busan</city>\n<days>2');
    expect(callsOf('get_weather:\n<em>sunny</em> all week')).not.toEqual([['get_weather', { em: 'sunny' }]]);
  });
});

describe('spelling inside a form', () => {
  it('trims parameter names, and reads a Qwen3-Coder parameter inside a MiniCPM-style function rather than swallowing it', () => {
    expect(callsOf('<tool_call><function name=" get_weather "><parameter name=" city ">Seoul</parameter><parameter= days >2</parameter></function></tool_call>')).toEqual([['get_weather', { city: 'Seoul', days: 2 }]]);
  });
  it('reads GLM keys holding markup characters, and a GLM name line followed by a JSON object', () => {
    const open: ToolSpec[] = [{ name: 'f', inputSchema: { type: 'object' } }];
    const result = parseDecision('native', '<tool_call>f\n<arg_key>a<1></arg_key>\n<arg_value>v</arg_value>\n<arg_key>x>y</arg_key>\n<arg_value>w</arg_value></tool_call>', { tools: open });
    expect(result.success && result.decision.action === 'call_tool' ? result.decision.args : result).toEqual({ 'a<1>': 'v', 'x>y': 'w' });
    expect(callsOf('<tool_call>get_weather\n{"city": "Oslo"}</tool_call>')).toEqual([['get_weather', { city: 'Oslo' }]]);
    refused('<tool_call>get_weather\n{"city": "Os');
  });
});

describe('names with spaces in the equals form', () => {
  it('reads `<function=get current temperature>` and trims `<function= get_weather >`', () => {
    const spaced: ToolSpec[] = [{ name: 'get current temperature', inputSchema: { type: 'object' } }];
    const result = parseDecision('native', '<tool_call>\n<function=get current temperature>\n<parameter=location with spaces>\nParis\n</parameter>\n</function>\n</tool_call>', { tools: spaced });
    expect(result.success && result.decision.action === 'call_tool' ? [result.decision.tool, result.decision.args] : result).toEqual(['get current temperature', { 'location with spaces': 'Paris' }]);
    expect(callsOf('<tool_call>\n<function= get_weather >\n<parameter= city >\nOslo\n</parameter>\n</function>\n</tool_call>')).toEqual([['get_weather', { city: 'Oslo' }]]);
  });
});

describe('GLM `name k=v`', () => {
  it('reads key=value words after the name, a quoted value as a string', () => {
    expect(callsOf('<tool_call>get_weather city="New York" days=3</tool_call>')).toEqual([['get_weather', { city: 'New York', days: 3 }]]);
    expect(callsOf("<tool_call>search query='say \\'hi\\''</tool_call>")).toEqual([['search', { query: "say 'hi'" }]]);
  });
  it('refuses words that are no key=value, a quote left open, and a call cut off', () => {
    refused('<tool_call>get_weather city=Paris please</tool_call>');
    refused('<tool_call>get_weather city="Paris</tool_call>');
    refused('<tool_call>get_weather city=Paris');
  });
});

describe("Kimi K2's singular section tokens", () => {
  const call = (args: string) => `<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>${args}<|tool_call_end|>`;
  it('reads `<|tool_call_section_begin|>` .. `<|tool_call_section_end|>` as the plural section', () => {
    expect(callsOf(`<|tool_call_section_begin|>${call('{"city": "Quito"}')}<|tool_call_section_end|>`)).toEqual([['get_weather', { city: 'Quito' }]]);
    expect(callsOf(`Checking.\n<|tool_call_section_begin|>${call('{"city": "Quito"}')}${call('{"city": "Lima", "days": 2}')}<|tool_call_section_end|>`)).toEqual([
      ['get_weather', { city: 'Quito' }],
      ['get_weather', { city: 'Lima', days: 2 }],
    ]);
  });

  it('refuses a singular section never closed, or closed in the other spelling', () => {
    expect(callsOf(`<|tool_call_section_begin|>${call('{"city": "Quito"}')}`)).toMatch(/cut off.*<\|tool_call_section_end\|>/);
    refused(`<|tool_call_section_begin|>${call('{"city": "Quito"}')}<|tool_calls_section_end|>`);
    refused(`<|tool_call_section_begin|> nothing inside`);
  });
});
