/**
 * An HTML comment is neither shown nor meant: a call inside one never runs. Beside a call read
 * elsewhere it is dropped prose; as (part of) a plain answer holding a call it is a correction.
 */
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'write_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] } },
];
const read = (text: string, protocol: 'native' | 'xml' | 'json' = 'native') => parseDecision(protocol, text, { tools });
const hermes = (city: string) => `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;

describe('HTML comments', () => {
  it.each([
    ['hermes', hermes('oslo')],
    ['tool-name tags', '<get_weather><city>oslo</city></get_weather>'],
    ['pythonic', '[get_weather(city="oslo")]'],
    ['bare JSON', '{"name": "get_weather", "arguments": {"city": "oslo"}}'],
    ['a cut-off call', '<tool_call>{"name": "get_weather", "argu'],
  ])('a call in a comment is never run, and the answer holding it is corrected: %s', (_name, call) => {
    for (const text of [`<!-- ${call} -->`, `Checking. <!--\n${call}\n--> Done.`]) {
      for (const protocol of ['native', 'xml'] as const) {
        const result = read(text, protocol);
        expect(result.success, `${protocol}: ${text}`).toBe(false);
        if (!result.success) expect(result.error.message).toContain('HTML comment');
      }
    }
  });

  it('beside a call read elsewhere, a comment is dropped prose: only the real call runs', () => {
    const result = read(`<!-- old: ${hermes('paris')} -->\n${hermes('oslo')}`);
    expect(result.success && result.decisions).toEqual([expect.objectContaining({ tool: 'get_weather', args: { city: 'oslo' } })]);
  });

  it('a comment holding no call stays part of the answer', () => {
    const text = 'The forecast is sunny. <!-- checked twice -->';
    const result = read(text);
    expect(result.success && result.decision).toEqual({ action: 'answer_user', answer: text });
  });

  it('a value holding a comment is the value as written', () => {
    const content = '<html>\n<!-- header -->\n<h1>Hi</h1>\n</html>';
    for (const text of [
      `<write_file>\n<path>a.html</path>\n<content>${content}</content>\n</write_file>`,
      `<tool_call>${JSON.stringify({ name: 'write_file', arguments: { path: 'a.html', content } })}</tool_call>`,
      `<write_file>\n<path>a.html</path>\n<content><!-- only a comment --></content>\n</write_file>`,
    ]) {
      const result = read(text);
      const expected = text.includes('only a comment') ? '<!-- only a comment -->' : content;
      expect(result.success && result.decision, text).toMatchObject({ tool: 'write_file', args: { path: 'a.html', content: expected } });
    }
    const json = read(JSON.stringify({ action: 'answer_user', answer: 'Done <!-- see the log -->' }), 'json');
    expect(json.success && json.decision).toMatchObject({ action: 'answer_user', answer: 'Done <!-- see the log -->' });
  });
});

describe('HTML comment markers inside code', () => {
  it('open nothing: a reply explaining comments in backticks keeps its call', () => {
    const result = read(`Write \`<!--\` to open a comment. ${hermes('oslo')} Close it with \`-->\`.`);
    expect(result.success && result.decisions).toEqual([expect.objectContaining({ tool: 'get_weather', args: { city: 'oslo' } })]);
  });
});
