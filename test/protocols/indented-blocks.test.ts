/**
 * A Markdown indented code block set inside the text is a quotation (invariant 5): a call shown there
 * is never run. Indentation that is the reply's layout (a whole reply indented, every line after a
 * first sentence) or that sits inside call markup is not a quotation, and the call is read.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { indentedBlocks } from '../../src/protocols/extract/indented-blocks.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'write_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
];
const read = (text: string, protocol: 'native' | 'xml' | 'json' = 'native', maxActions = 1) => parseDecision(protocol, text, { tools, maxActions });
const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;
const callsOf = (text: string, maxActions = 1) => {
  const result = read(text, 'native', maxActions);
  return result.success ? result.decisions.filter((decision) => decision.action === 'call_tool').map((decision) => decision.action === 'call_tool' && [decision.tool, decision.args]) : 'refused';
};
const indent = (text: string, by = '    ') => text.split('\n').map((line) => by + line).join('\n');

describe('indented code blocks', () => {
  it.each([
    ['four spaces', 'Models write:\n\n    CALL\n\nThat is all.'],
    ['a tab', 'Models write:\n\n\tCALL\n\nThat is all.'],
    ['a tab after spaces', 'Models write:\n\n  \tCALL\n\nThat is all.'],
    ['at the start of the reply', '    CALL\n\nThat is the format.'],
    ['ended by a line indented less, no blank line', 'Like this:\n\n    CALL\nand so on.'],
    ['two blocks with a blank line between them', 'Like this:\n\n    CALL\n\n    CALL\n\nDone.'],
    ['a list item holding a block four columns past its content', '- Like this:\n\n      CALL\n\n- and more'],
  ])('a block set in the text is quoted, %s: the reply is the answer', (_name, template) => {
    for (const call of [hermes('oslo'), '[get_weather(city="oslo")]', '{"name": "get_weather", "arguments": {"city": "oslo"}}', '<get_weather><city>oslo</city></get_weather>']) {
      const text = template.replaceAll('CALL', call);
      const result = read(text);
      // The answer is the reply as written (trimmed, as every answer is).
      expect(result.success && result.decision, text).toEqual({ action: 'answer_user', answer: text.trim() });
    }
  });

  it('a block is quoted in every protocol: the json and xml protocols run no call shown there', () => {
    const text = `Models write:\n\n    ${hermes('oslo')}\n\nThat is all.`;
    for (const protocol of ['json', 'xml'] as const) {
      const result = read(text, protocol);
      expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), protocol).toBe(false);
    }
  });

  it('an example shown in a block is not run beside the real call', () => {
    expect(callsOf(`Like this:\n\n    ${hermes('paris')}\n\nNow for you:\n${hermes('oslo')}`)).toEqual([['get_weather', { city: 'oslo' }]]);
    expect(callsOf(`Like this:\n\n    ${hermes('paris')}\n\nNow for you:\n${hermes('oslo')}`, 2)).toEqual([['get_weather', { city: 'oslo' }]]);
  });

  it.each([
    ['the whole reply indented', indent(hermes('oslo'))],
    ['the whole reply indented by a tab', indent(hermes('oslo'), '\t')],
    ['every line after a first sentence indented', `I will check.\n\n${indent(hermes('oslo'))}`],
    ['a line indented without a blank line before it (it cannot interrupt a paragraph)', `I will check:\n    ${hermes('oslo')}\nthen answer.`],
    ['a list item continued four columns in (its paragraph, not a block)', `1. First:\n\n    ${hermes('oslo')}\n\nDone.`],
    ['JSON inside a tag with a blank line before it', `<tool_call>\n\n    {"name": "get_weather", "arguments": {"city": "oslo"}}\n\n</tool_call>`],
    ['JSON between special tokens with blank lines around it', '<|START_ACTION|>\n\n    {"tool_name": "get_weather", "parameters": {"city": "oslo"}}\n\n<|END_ACTION|>'],
    ['pretty-printed JSON with a blank line inside', `<tool_call>\n{\n  "name": "get_weather",\n\n    "arguments": {"city": "oslo"}\n}\n</tool_call>`],
  ])('layout, not a quotation, is read as the call: %s', (_name, text) => {
    expect(callsOf(text)).toEqual([['get_weather', { city: 'oslo' }]]);
  });

  it('a value holding indented lines after a blank line is the value as written', () => {
    const content = 'def f():\n    x = 1\n\n    return x\n\nprint(f())';
    for (const text of [
      `<write_file>\n<path>a.py</path>\n<content>\n${content}\n</content>\n</write_file>`,
      `<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`,
    ]) {
      const result = read(text);
      expect(result.success && result.decision, text).toMatchObject({ tool: 'write_file', args: { path: 'a.py', content } });
    }
    // An xml final answer showing code keeps it.
    const answer = `Use this:\n\n    ${hermes('oslo')}\n\nThat is all.`;
    const xml = read(`<final_answer>${answer}</final_answer>`, 'xml');
    expect(xml.success && xml.decision).toEqual({ action: 'answer_user', answer });
  });

  it('finds the blocks by CommonMark’s rules, fenced lines excluded', () => {
    const text = 'a\n\n    b\n    c\n\nd\n```\n\n    in a fence\n```\ne\n    f\n\n    g\n\nh';
    expect(indentedBlocks(text).map(([start, end]) => text.slice(start, end))).toEqual(['    b\n    c', '    g']);
    // A block that runs to the end of the text is layout.
    expect(indentedBlocks('a\n\n    b\n\n    c')).toEqual([]);
  });
});
