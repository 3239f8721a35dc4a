/**
 * Shapes Qwen3-Coder models drift into, read where the text has one reading and corrected where it
 * has two: a parameter's name written as an element's text (`<parameter>city</parameter>Oslo`), names
 * in quotes, and a call whose line breaks are written as `\n` text.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const weather: ToolSpec = { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string' } }, required: ['city'] } };
const alarm: ToolSpec = {
  name: 'set_alarm',
  inputSchema: { type: 'object', properties: { time: { type: 'string' }, days: { type: 'array', items: { type: 'string' } }, volume: { type: 'number' } }, required: ['time'] },
};
const bash: ToolSpec = { name: 'bash', inputSchema: { type: 'object', properties: { script: { type: 'string' } }, required: ['script'] } };
const tools = [weather, alarm, bash];
const call = (name: string, body: string) => `<tool_call>\n<function=${name}>\n${body}</function>\n</tool_call>`;
const read = (text: string, offered: readonly ToolSpec[] = tools) => parseDecision('native', text, { tools: offered });
const refusal = (text: string, offered: readonly ToolSpec[] = tools) => {
  const result = read(text, offered);
  expect(result.success, JSON.stringify(result)).toBe(false);
  return result.success ? '' : result.error.message;
};

describe('a parameter name written as an element, the value after it', () => {
  it('reads each value up to the next parameter, for names the tool declares', () => {
    const text = call('get_weather', '<parameter>city</parameter>\nSeoul\n<parameter>unit</parameter>\ncelsius\n');
    expect(read(text)).toMatchObject({ success: true, decision: { tool: 'get_weather', args: { city: 'Seoul', unit: 'celsius' } } });
  });

  it('reads a closing tag after each value as its close, and types values by the schema', () => {
    const text = call('set_alarm', '<parameter>time</parameter>\n07:30\n</parameter>\n<parameter>days</parameter>\n["mon", "fri"]\n</parameter>\n<parameter>volume</parameter>\n0.8\n</parameter>\n');
    expect(read(text)).toMatchObject({ success: true, decision: { args: { time: '07:30', days: ['mon', 'fri'], volume: 0.8 } } });
  });

  it('keeps a closing tag inside a value where the call would not parse after it', () => {
    const text = call('bash', '<parameter>script</parameter>\necho a </parameter> b\n');
    expect(read(text)).toMatchObject({ success: true, decision: { args: { script: 'echo a </parameter> b' } } });
  });

  it('corrects a value left open before the next parameter when a later close would end it too', () => {
    // `unit` could be the next parameter, or text inside `city` closed by the last `</parameter>`.
    expect(refusal(call('get_weather', '<parameter>city</parameter>\nSeoul\n<parameter=unit>\ncelsius\n</parameter>\n'))).toContain('holds an opening parameter tag');
  });

  it('corrects a name the tool does not declare, text that is no name, and a nameless empty tag', () => {
    expect(refusal(call('get_weather', '<parameter>town</parameter>\nSeoul\n'))).toContain('`town`, written as an element');
    expect(refusal(call('get_weather', '<parameter>not a name</parameter>\nSeoul\n'))).toContain('could not be read');
    expect(refusal(call('get_weather', '<parameter/>\n'))).toContain('could not be read');
  });

  it('names the unknown tool rather than the parameter, and never runs a cut-off value', () => {
    expect(read(call('get_forecast', '<parameter>city</parameter>\nSeoul\n'))).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
    expect(refusal('<tool_call>\n<function=get_weather>\n<parameter>city</parameter>\nSeo')).toContain('not closed');
  });
});

describe('names in quotes', () => {
  it('reads quotes as attribute quoting where the bare names are offered', () => {
    const text = '<tool_call>\n<function="get_weather">\n<parameter="city">\nOslo\n</parameter>\n</function>\n</tool_call>';
    expect(read(text)).toMatchObject({ success: true, decision: { tool: 'get_weather', args: { city: 'Oslo' } } });
  });

  it('keeps the quotes where the offered names hold them', () => {
    const quoted: ToolSpec = { name: '"get current temperature"', inputSchema: { type: 'object', properties: { '"location with spaces"': {} } } };
    const text = '<tool_call>\n<function="get current temperature">\n<parameter="location with spaces">\nSan Francisco\n</parameter>\n</function>\n</tool_call>';
    expect(read(text, [quoted])).toMatchObject({ success: true, decision: { tool: '"get current temperature"', args: { '"location with spaces"': 'San Francisco' } } });
  });

  it('corrects a quoted name offered both with and without its quotes', () => {
    const both: ToolSpec[] = [weather, { name: '"get_weather"', inputSchema: { type: 'object' } }];
    expect(refusal('<tool_call>\n<function="get_weather">\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>', both)).toContain('offered both with and without');
  });

  it('reports a quoted name no tool has as the bare unknown name', () => {
    expect(read('<tool_call>\n<function="get_forecast">\n</function>\n</tool_call>')).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
  });
});

describe('a call written with \\n text for its line breaks', () => {
  const escaped = String.raw`<tool_call>\n<function=bash>\n<parameter=script>\ncd /srv && ls\n</parameter>\n</function>\n</tool_call>`;

  it('reads it when the whole call does so, after prose written the same way', () => {
    expect(read(String.raw`Let me look.\n\n` + escaped)).toMatchObject({ success: true, decision: { tool: 'bash', args: { script: 'cd /srv && ls' } } });
  });

  it('corrects a value holding another backslash: escaped too, or meant as written', () => {
    expect(refusal(String.raw`<tool_call>\n<function=bash>\n<parameter=script>\nprintf "a\n"\n</parameter>\n</function>\n</tool_call>`)).toContain('holds a backslash');
  });

  it('corrects a call mixing \\n text and real line breaks', () => {
    expect(refusal(String.raw`<tool_call>\n<function=bash>\n<parameter=script>` + '\nls\n' + String.raw`</parameter>\n</function>\n</tool_call>`)).toContain('some line breaks');
  });

  it('keeps \\n text as written in a call that writes real line breaks or none at all', () => {
    const real = call('bash', String.raw`<parameter=script>` + '\n' + String.raw`printf "%s\n" x` + '\n</parameter>\n');
    expect(read(real)).toMatchObject({ success: true, decision: { args: { script: String.raw`printf "%s\n" x` } } });
    const oneLine = String.raw`<tool_call><function=bash><parameter=script>printf "%s\n" x</parameter></function></tool_call>`;
    expect(read(oneLine)).toMatchObject({ success: true, decision: { args: { script: String.raw`printf "%s\n" x` } } });
  });

  it('does not read \\n text between the tags of a call that writes real line breaks', () => {
    expect(read(call('bash', String.raw`<parameter=script>` + '\nls\n</parameter>' + String.raw`\n`)).success).toBe(false);
  });
});

describe('a `>` left out after a name, before its line break', () => {
  it('reads the name up to the line break, in a function or a parameter tag', () => {
    expect(read('<function=get_weather>\n<parameter=city\nOslo\n</parameter>\n</function>')).toMatchObject({ success: true, decision: { tool: 'get_weather', args: { city: 'Oslo' } } });
    expect(read('<tool_call>\n<function=get_weather\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>')).toMatchObject({ success: true, decision: { tool: 'get_weather', args: { city: 'Oslo' } } });
    expect(read('<function=bash>\n<parameter=script\nif a>b; then x; fi\n</parameter>\n</function>')).toMatchObject({ success: true, decision: { args: { script: 'if a>b; then x; fi' } } });
  });

  it('still corrects such a tag in prose, and a name the line break does not end', () => {
    expect(read('Call <function=get_weather with the city.').success).toBe(false);
    expect(read('<function=get_weather>\n<parameter=city Oslo</parameter>\n</function>').success).toBe(false);
  });

  it('reads a parameter tag without its `>` only for a declared name: in a value, `<parameter=x` text reads two ways', () => {
    // The value of `city` is `</parameter><parameter=#`: never read as an empty city and a parameter `#`.
    expect(read(call('get_weather', '<parameter=city>\n</parameter><parameter=#\n</parameter>\n')).success).toBe(false);
    expect(read(call('get_weather', '<parameter=unit\ncelsius\n</parameter>\n<parameter=city>\nOslo\n</parameter>\n'))).toMatchObject({ success: true, decision: { args: { city: 'Oslo', unit: 'celsius' } } });
  });
});
