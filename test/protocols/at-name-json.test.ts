/**
 * The `@name(id): {json}` tool format (agents that prompt models without native tool calls to write
 * it, one call per line): whole replies of such calls are read; a call cut off or unreadable is a
 * correction; one amid prose at a line's start is a call attempt, never the answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'write_note', inputSchema: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } }, required: ['title'] } },
  { name: 'list_dir', inputSchema: { type: 'object', properties: { path: {}, depth: {} } } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });

describe('@name: {json} calls', () => {
  it('reads a call with or without an id, over several lines, and several calls one per line', () => {
    const withId = parse('@write_note(c7): {"title": "todo", "body": "milk {2}\\nbread"}');
    expect(withId.success && withId.decisions).toEqual([call('write_note', { title: 'todo', body: 'milk {2}\nbread' })]);
    const multiline = parse('@list_dir: {\n  "path": "src",\n  "depth": {"max": 2}\n}');
    expect(multiline.success && multiline.decisions).toEqual([call('list_dir', { path: 'src', depth: { max: 2 } })]);
    const two = parse('@list_dir(a): {"path": "src"}\n@list_dir(b): {"path": "test"}', 2);
    expect(two.success && two.decisions).toEqual([call('list_dir', { path: 'src' }), call('list_dir', { path: 'test' })]);
  });

  it('corrects a call cut off, unreadable or not an object, and one of a tool not offered', () => {
    for (const text of ['@list_dir: {', '@list_dir: {"path": "sr', '@list_dir: {"path": {', '@write_note(x): {"title": "a\'}', '@list_dir: {path = src}', '@remove_all: {"path": "/"}']) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('refuses such a call after prose, even inside a sentence, and leaves one quoted as code', () => {
    expect(parse('Listing it now.\n@list_dir: {"path": "src"}').success).toBe(false);
    // Inside a sentence the name still has its arguments beside it (`tool-mention-attempt.ts`): corrected, never the answer.
    expect(parse('Mention a tool like @list_dir: {"path": "src"} in chat to use it.').success).toBe(false);
    const asCode = 'Write calls as:\n```\n@list_dir: {"path": "src"}\n```';
    for (const text of [asCode]) {
      const result = parse(text);
      expect(result.success && result.decisions, text).toEqual([{ action: 'answer_user', answer: text }]);
    }
  });

  it('property: any call written in this form reads back as that call', () => {
    const value = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(value, value, fc.option(fc.stringMatching(/^[a-z0-9_]{1,8}$/), { nil: undefined }), fc.boolean(), (title, body, id, pretty) => {
        const args = { title, body };
        const text = `@write_note${id === undefined ? '' : `(${id})`}: ${JSON.stringify(args, null, pretty ? 2 : undefined)}`;
        const result = parse(text);
        expect(result.success && result.decisions).toEqual([call('write_note', args)]);
      }),
    );
  });
});

describe('a call fenced on one line', () => {
  it('is a call attempt when no reader reads its shape, as readers read the shapes they know', () => {
    // `{"step": {..}}` is no call shape reins reads; fenced on one line it is still no answer.
    expect(parse('```{"step": {"name": "list_dir", "args": {"path": "src"}}}```').success).toBe(false);
    const known = parse('```{"name": "list_dir", "arguments": {"path": "src"}}```');
    expect(known.success && known.decisions).toEqual([call('list_dir', { path: 'src' })]);
    // Inline code with one backtick stays talk about a call.
    const mention = 'Models write `{"name": "list_dir", "arguments": {}}` to list a folder.';
    const answer = parse(mention);
    expect(answer.success && answer.decisions).toEqual([{ action: 'answer_user', answer: mention }]);
  });
});
