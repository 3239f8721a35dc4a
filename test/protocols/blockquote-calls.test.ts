/**
 * A Markdown blockquote is the model quoting someone: a call on its `>` lines never runs, in any
 * dialect, and a plain answer holding one is the model quoting. Lines right under a quoted line
 * without their own `>` continue the quote (CommonMark's lazy continuation) but may be a real call
 * written without the blank line that ends the quote: holding a call, they are a correction naming
 * the ambiguity, never run and never dropped silently.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';
import { blockquotes } from '../../src/protocols/extract/blockquotes.ts';

const tools: ToolSpec[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'write_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
];
const read = (text: string, protocol: 'native' | 'xml' = 'native') => parseDecision(protocol, text, { tools, maxActions: 2 });
const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;
const quote = (text: string, marker = '> ') => text.split('\n').map((line) => `${marker}${line}`).join('\n');
const answer = (text: string) => ({ action: 'answer_user', answer: text });
const ambiguity = 'right under a > quote line';

const calls: Array<[string, string]> = [
  ['hermes', hermes('oslo')],
  ['hermes over lines', `<tool_call>\n{"name": "get_weather", "arguments": {"city": "oslo"}}\n</tool_call>`],
  ['pythonic', '[get_weather(city="oslo")]'],
  ['bare JSON', '{"name": "get_weather", "arguments": {"city": "oslo"}}'],
  ['tool-name tags', '<get_weather>\n<city>oslo</city>\n</get_weather>'],
  ['qwen3-coder', '<tool_call>\n<function=get_weather>\n<parameter=city>\noslo\n</parameter>\n</function>\n</tool_call>'],
  ['special tokens', '<|tool_call_start|>[get_weather(city="oslo")]<|tool_call_end|>'],
];

describe('a call in a blockquote', () => {
  it.each(calls)('is quoted: a plain answer holding it is the answer, as written (%s)', (_name, call) => {
    for (const text of [quote(call), `The user wrote:\n${quote(call)}\n\nI will not run that.`, `- ${quote(call, '> ').replace(/\n/g, '\n  ')}`, quote(quote(call))]) {
      for (const protocol of ['native', 'xml'] as const) {
        const result = read(text, protocol);
        expect(result.success && result.decisions, `${protocol}: ${text}`).toEqual([answer(text)]);
      }
    }
  });

  it('beside a real call after the quote, only the real call runs', () => {
    const result = read(`> Earlier you ran:\n> ${hermes('paris')}\n\n${hermes('oslo')}`);
    expect(result.success && result.decisions).toEqual([expect.objectContaining({ tool: 'get_weather', args: { city: 'oslo' } })]);
  });

  it('an empty > spacer line is no quotation a value could hold: the real call runs', () => {
    const result = read(`>\n\n> ${hermes('paris')}\n\n${hermes('New York')}`);
    expect(result.success && result.decisions).toEqual([expect.objectContaining({ tool: 'get_weather', args: { city: 'New York' } })]);
  });

  it('a quote without a call stays part of the answer, lazy lines included', () => {
    const text = '> The forecast said\nsunny all week.\n\nSo no umbrella.';
    expect(read(text).success && read(text)).toMatchObject({ decisions: [answer(text)] });
  });
});

describe('lazy continuation: a call right under a quoted line', () => {
  it.each(calls)('is a correction naming the ambiguity, never run nor answered (%s)', (_name, call) => {
    for (const text of [`> You asked for the weather in Oslo.\n${call}`, `> <tool_call>\n${call}`]) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain(ambiguity);
    }
  });

  it('where the quote leaves the rest unreadable, the correction names the call under the quote', () => {
    const text = 'Thought: the user said\n> what is the weather in Oslo\nAction: get_weather\nAction Input: {"city": "Oslo"}';
    const result = read(text);
    expect(result.success, text).toBe(false);
    if (!result.success) expect(result.error.message).toContain(ambiguity);
  });

  it('a lazy line opening with inline code still continues the quote', () => {
    const text = `> You asked for the weather.\n\`oslo\` it is: ${hermes('oslo')}`;
    const result = read(text);
    expect(result.success, text).toBe(false);
    if (!result.success) expect(result.error.message).toContain(ambiguity);
  });

  it('after a blank line the quote has ended: the call runs', () => {
    for (const call of calls.map(([, text]) => text)) {
      const result = read(`> You asked for the weather in Oslo.\n\n${call}`);
      expect(result.success && result.decisions, call).toEqual([expect.objectContaining({ tool: 'get_weather', args: { city: 'oslo' } })]);
    }
  });

  it('after an empty quote line, a fence or a list item no line is lazy', () => {
    for (const text of [`> Oslo, you said.\n>\n${hermes('oslo')}`, `> \`\`\`\n> text\n> \`\`\`\n${hermes('oslo')}`]) {
      const result = read(text);
      expect(result.success && result.decisions, text).toEqual([expect.objectContaining({ tool: 'get_weather' })]);
    }
  });
});

describe('lines that open with > but quote nothing', () => {
  it('a quote inside a call value is the value as written', () => {
    const content = '# Notes\n\n> a quoted line\nand its lazy line\n\nThe end.';
    for (const text of [
      `<tool_call>\n<function=write_file>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`,
      `<write_file>\n<path>a.md</path>\n<content>\n${content}\n</content>\n</write_file>`,
    ]) {
      const result = read(text);
      expect(result.success && result.decision, text).toMatchObject({ tool: 'write_file', args: { path: 'a.md', content } });
    }
  });

  it('a value showing a call right under a quote line is the value as written: the reply reads one way', () => {
    const content = '> Example:\n[get_weather(city="paris")]';
    const text = `<write_file>\n<path>a.md</path>\n<content>\n${content}\n</content>\n</write_file>`;
    const result = read(text);
    expect(result.success && result.decision, text).toMatchObject({ tool: 'write_file', args: { path: 'a.md', content } });
  });

  it('a quote that ends a value on the line of its closing tag is the value as written', () => {
    for (const [text, content] of [
      ['<write_file>\n<path>a.md</path>\n<content>\n# Notes\n> the last line</content>\n</write_file>', '# Notes\n> the last line'],
      ['<write_file>\n<path>a.md</path>\n<content>\n> a quote\nand its lazy line</content>\n</write_file>', '> a quote\nand its lazy line'],
      ['<tool_call>\n<function=write_file>\n<parameter=path>\na.md\n</parameter>\n<parameter=content>\n> quoted</parameter>\n</function>\n</tool_call>', '> quoted'],
    ] as const) {
      const result = read(text);
      expect(result.success && result.decision, text).toMatchObject({ tool: 'write_file', args: { path: 'a.md', content } });
    }
  });

  it("Functionary's >>> recipient line is a call, and a merge conflict marker is a diff's line", () => {
    const functionary = read('>>>get_weather\n{"city": "Hanoi"}');
    expect(functionary.success && functionary.decision).toMatchObject({ tool: 'get_weather', args: { city: 'Hanoi' } });
    const diff = '<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE';
    const written = read(`<write_file>\n<path>a.diff</path>\n<content>\n${diff}\n</content>\n</write_file>`);
    expect(written.success && written.decision).toMatchObject({ tool: 'write_file', args: { content: diff } });
  });

  it('a > line inside fenced code is code', () => {
    expect(blockquotes('```python\n>>> print(1)\n1\n```')).toEqual([]);
    expect(blockquotes('x\n```\n> not a quote\n```')).toEqual([]);
  });
});

describe('blockquotes', () => {
  it('finds the quoted lines and the lazy lines after them', () => {
    const text = 'Intro\n> one\n> two\nlazy\n\nafter';
    const [found] = blockquotes(text);
    expect(found && text.slice(...found.quoted)).toBe('> one\n> two');
    expect(found?.lazy && text.slice(...found.lazy)).toBe('lazy');
  });

  it('ends a lazy run before a closing tag or token, a heading, a thematic break or a list item', () => {
    for (const end of ['</parameter>', '<|END_ACTION|>', '# Heading', '---', '- item', '1. item', '<!-- note -->']) {
      const text = `> quote\nlazy\n${end}`;
      const [found] = blockquotes(text);
      expect(found?.lazy && text.slice(...found.lazy), end).toBe('lazy');
    }
  });

  it('finds quotes inside list items and nested quotes', () => {
    for (const text of ['- > quoted', '1. > quoted', '> > quoted', '   > quoted', '>quoted']) expect(blockquotes(text), text).toHaveLength(1);
    for (const text of ['    > code', 'a > b', '>>>get_weather', '>>>>>>> REPLACE']) expect(blockquotes(text), text).toEqual([]);
  });
});
