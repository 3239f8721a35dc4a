/**
 * LM Studio's `[TOOL_REQUEST]` blocks and the `<tool><name>..</name><arguments>..</arguments></tool>`
 * spelling of XML calls, as text tool-call parsers of coding assistants read them: whole blocks are
 * calls, anything cut off or unreadable is a correction, never an answer holding the markup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'open_file', inputSchema: { type: 'object', properties: { path: { type: 'string' }, line: { type: 'integer' } }, required: ['path'] } },
  { name: 'count_words', inputSchema: { type: 'object', properties: { text: {}, limit: {} } } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });

describe('[TOOL_REQUEST] blocks', () => {
  it('reads a JSON call or a name and JSON arguments, after prose and several in a row', () => {
    const json = parse('Opening it.\n[TOOL_REQUEST]{"name": "open_file", "arguments": {"path": "a.md", "line": 3}}[END_TOOL_REQUEST]');
    expect(json.success && json.decisions).toEqual([call('open_file', { path: 'a.md', line: 3 })]);
    const named = parse('[TOOL_REQUEST]\nopen_file {"path": "a.md"}\n[TOOL_REQUEST_END]\nthen\n[TOOL_REQUEST]\nopen_file {"path": "b.md"}\n[TOOL_REQUEST_END]', 2);
    expect(named.success && named.decisions).toEqual([call('open_file', { path: 'a.md' }), call('open_file', { path: 'b.md' })]);
  });

  it('corrects a block cut off, never closed, unreadable, or holding a key beside the arguments', () => {
    for (const text of [
      '[TOOL_REQUEST]{"name": "open_file", "arguments": {"path": "a.m',
      '[TOOL_REQUEST]{"name": "open_file", "arguments": {"path": "a.md"}}',
      '[TOOL_REQUEST]\nopen_file {path: /tmp}\n[END_TOOL_REQUEST]',
      '[TOOL_REQUEST]{"name": "open_file", "arguments": {"path": "a.md"}, "note": "x"}[END_TOOL_REQUEST]',
      'Sure.\n[TOOL_REQUEST]\nplease open a.md\n[END_TOOL_REQUEST]',
    ]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('leaves a block shown as code in an answer', () => {
    const text = 'LM Studio asks for `[TOOL_REQUEST]{"name": "open_file", "arguments": {}}[END_TOOL_REQUEST]` blocks.';
    const result = parse(text);
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: text }]);
  });

  it('property: any call written as a block reads back as that call', () => {
    const path = fc.stringMatching(/^[a-z][a-z/._-]{0,15}$/);
    fc.assert(
      fc.property(path, fc.integer({ min: 1, max: 999 }), fc.boolean(), (file, line, named) => {
        const args = { path: file, line };
        const text = named ? `[TOOL_REQUEST]\nopen_file ${JSON.stringify(args)}\n[TOOL_REQUEST_END]` : `[TOOL_REQUEST]${JSON.stringify({ name: 'open_file', arguments: args })}[END_TOOL_REQUEST]`;
        const result = parse(text);
        expect(result.success && result.decisions).toEqual([call('open_file', args)]);
      }),
    );
  });
});

describe('<tool> with <name> and <arguments>', () => {
  it('reads the elements as arguments, an untyped number as a number as the spelling\'s parser does', () => {
    const result = parse('Counting.\n<tool>\n  <name>count_words</name>\n  <arguments>\n    <text>one two</text>\n    <limit>5</limit>\n  </arguments>\n</tool>');
    expect(result.success && result.decisions).toEqual([call('count_words', { text: 'one two', limit: 5 })]);
  });

  it('keeps Continue\'s <tool_call> spelling taking an untyped value as its text', () => {
    const result = parse('<tool_call>\n<name>count_words</name>\n<args>\n<limit>5</limit>\n</args>\n</tool_call>');
    expect(result.success && result.decisions).toEqual([call('count_words', { limit: '5' })]);
  });

  it('corrects arguments that are no elements, and a call never closed', () => {
    for (const text of ['<tool>\n<name>count_words</name>\n<arguments>\n{limit: 5\n</arguments>\n</tool>', '<tool>\n<name>count_words</name>\n<arguments>\n<limit>5</limit>\n</arguments>']) {
      expect(parse(text).success, text).toBe(false);
    }
  });
});
