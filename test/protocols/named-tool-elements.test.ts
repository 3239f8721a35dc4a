/**
 * A tool named without the markup of a call, never answered as prose and never run with guessed
 * arguments: an element named for a call whose whole text is an offered tool (`<action>ping</action>`,
 * an `<actions>` list in a `<response>` envelope), and an OpenAI function object naming an offered tool
 * with no `arguments`, and a JSON object naming an offered tool under a call key beside an object
 * (`{"tool": .., "with": {..}}`). All are call attempts, corrected; quoted as code, or naming no offered tool,
 * the text stays an answer; an element naming only the tools of the calls read beside it labels them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'ring_bell', inputSchema: { type: 'object', properties: {} } },
  { name: 'find_book', inputSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
  { name: 'POST_NOTE', inputSchema: { type: 'object', properties: { body: {} } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'answer_user');
};

describe('an element naming an offered tool is a call attempt', () => {
  it.each([
    ['an action element', '<action>ring_bell</action>', 'ring_bell'],
    ['an actions list in a response envelope', '<reply>\n<why>Quiet room.</why>\n<actions>ring_bell</actions>\n</reply>', 'ring_bell'],
    ['a list of two', '<actions>ring_bell, find_book</actions>', 'ring_bell'],
    ['a tool_name element after prose', 'Checking the shelf.\n<tool_name>find_book</tool_name>', 'find_book'],
  ])('%s is corrected, naming the tool', (_label, text, tool) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain(tool);
  });

  it('keeps prose: other element names, names not offered, markup quoted as code', () => {
    for (const text of [
      'Press <b>ring_bell</b> to call the desk.',
      'You listed <tool_spec><name>ring_bell</name></tool_spec> only.',
      '<action>sing_song</action>',
      'Write `<action>ring_bell</action>` to ring.',
      'Example:\n```\n<action>ring_bell</action>\n```\nThat is the form.',
    ]) {
      expect(answered(text), text).toBe(true);
    }
  });

  it('an element naming the tool of the call read beside it labels that call', () => {
    const text = '<reply>\n<actions>POST_NOTE</actions>\n<POST_NOTE>\n<body>hello</body>\n</POST_NOTE>\n</reply>';
    const result = parse(text);
    expect(result.success && result.decisions[0]).toMatchObject({ action: 'call_tool', tool: 'POST_NOTE', args: { body: 'hello' } });
  });

  it('an element naming another offered tool beside a call read is refused (no call dropped)', () => {
    const text = '<actions>ring_bell</actions>\n<POST_NOTE>\n<body>hello</body>\n</POST_NOTE>';
    expect(parse(text).success).toBe(false);
  });

  it('never answers a reply whose call-named element holds an offered tool, whatever prose is around it (fast-check)', () => {
    const element = fc.constantFrom('action', 'actions', 'tool', 'tool_name', 'function', 'functionName', 'command', 'call');
    const prose = fc.constantFrom('', 'Let me see.\n', 'Right away: ', '<reply><why>ok</why>');
    fc.assert(
      fc.property(element, fc.constantFrom(...tools.map((tool) => tool.name)), prose, prose, (tag, tool, before, after) => {
        expect(answered(`${before}<${tag}>${tool}</${tag}>${after}`)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});

describe('an OpenAI function object without arguments', () => {
  it.each([
    ['in a list with an id', '[{"id": "c1", "type": "function", "function": {"name": "ring_bell"}}]'],
    ['alone', '{"type": "function", "function": {"name": "find_book"}}'],
  ])('%s is corrected, never run with {} nor answered', (_label, text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.message).toContain('gives no arguments');
  });

  it('a tool definition (parameters or description) and a name not offered stay an answer', () => {
    for (const text of [
      '{"type": "function", "function": {"name": "ring_bell", "description": "Rings the bell."}}',
      '{"type": "function", "function": {"name": "ring_bell", "parameters": {"type": "object"}}}',
      '{"type": "function", "function": {"name": "open_door"}}',
    ]) {
      expect(answered(text), text).toBe(true);
    }
  });

  it('with arguments it runs', () => {
    const result = parse('[{"id": "c1", "type": "function", "function": {"name": "find_book", "arguments": {"title": "Emma"}}}]');
    expect(result.success && result.decisions[0]).toMatchObject({ action: 'call_tool', tool: 'find_book', args: { title: 'Emma' } });
  });
});

describe('a JSON object naming an offered tool in a spelling no reader knows', () => {
  it.each([
    ['command and args', 'On it.\n{"command": "find_book", "args": {"title": "Emma"}}'],
    ['a call nested under command', '{"thoughts": {"text": "look"}, "command": {"name": "find_book", "args": {"title": "Emma"}}}'],
    ['in a fence of its own', '```json\n{"use": {"x": 1}, "tool": "ring_bell"}\n```'],
  ])('%s is corrected, naming the tool', (_label, text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(!result.success && result.error.toolName).toMatch(/^(?:find_book|ring_bell)$/);
  });

  it('reads `tool` beside arguments under a key `tool` qualifies (LangChain agent actions), as beside `args`', () => {
    for (const key of ['tool_input', 'toolInput', 'tool_args']) {
      const result = parse(`{"tool": "find_book", "${key}": {"title": "Emma"}}`);
      expect(result.success && result.decisions[0], key).toMatchObject({ action: 'call_tool', tool: 'find_book', args: { title: 'Emma' } });
    }
    expect(parse('{"tool": "find_book", "tool_input": {"title": "Emma"}, "log": "x"}').success).toBe(false);
  });

  it('keeps JSON answers: no offered tool named, no object beside the name, or quoted inside prose as code', () => {
    for (const text of [
      '{"tool": "hammer", "specs": {"weight": 2}}',
      '{"book": "Emma", "shelf": {"row": 2}}',
      'Write `{"tool": "ring_bell", "tool_input": {}}` to ring.',
    ]) {
      expect(answered(text), text).toBe(true);
    }
  });

  it('never answers an object naming an offered tool under a call key beside an object (fast-check)', () => {
    const key = fc.constantFrom('tool', 'action', 'command', 'function_name', 'toolName', 'call');
    const argsKey = fc.constantFrom('tool_input', 'inputs', 'payload', 'kwargs', 'with');
    fc.assert(
      fc.property(key, argsKey, fc.constantFrom(...tools.map((tool) => tool.name)), fc.boolean(), (nameKey, objectKey, tool, first) => {
        const fields = [`"${nameKey}": "${tool}"`, `"${objectKey}": {"title": "Emma"}`];
        expect(answered(`{${(first ? fields : fields.reverse()).join(', ')}}`)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
