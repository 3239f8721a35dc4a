/**
 * Three forms of a call a reply writes but no reader can run, each corrected, never answered and
 * never run with a guessed value:
 * - a bracketed label saying a tool was used, naming an offered tool (`bracket-tool-label.ts`);
 * - a call object with its name left out, its arguments under a call's arguments key
 *   (`wrapped-nameless-arguments.ts`);
 * - a tool-name tag whose body is another dialect's argument markup, which is never the text value
 *   of the tool's only property (`tool-name-tags.ts`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'open_note', inputSchema: { type: 'object', properties: { title: {} } } },
  { name: 'tag_photo', inputSchema: { type: 'object', properties: { photo: { type: 'string' }, label: { type: 'string' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools });
const answered = (text: string) => {
  const result = parse(text);
  return result.success && result.decision.action === 'answer_user';
};
const refused = (text: string) => !parse(text).success;

describe('a bracketed tool-use label naming an offered tool', () => {
  it.each([
    ['alone', '[Tool: open_note]'],
    ['with an underscored label', '[tool_use: open_note]'],
    ['after a sentence, words after it', 'Opening it now.\n\n[Function call: tag_photo]\nThe photo is tagged.'],
    ['with spaces inside the brackets', '[ Using tool : open_note ]'],
  ])('%s is corrected', (_label, text) => {
    expect(refused(text)).toBe(true);
  });

  it.each([
    ['a bracketed name with no label', 'See [open_note] in the menu.'],
    ['a label naming no offered tool', '[Tool: hammer] is what the manual calls it.'],
    ['a label quoted as inline code', 'Transcripts show `[Tool: open_note]` where a tool ran.'],
  ])('%s stays the answer', (_label, text) => {
    expect(answered(text)).toBe(true);
  });

  it('property: every label spelling naming an offered tool, anywhere in prose, is corrected', () => {
    const label = fc.constantFrom('Tool', 'tool_use', 'Tool Use', 'function', 'Function-Call', 'tool call', 'TOOL_REQUEST', 'Using tool', 'called tool');
    const prose = fc.constantFrom('', 'On it.', 'Let me look.\n', 'Sure:\n\n');
    const after = fc.constantFrom('', '\nDone.', ' then I will report back.');
    fc.assert(
      fc.property(label, fc.constantFrom(...tools.map((tool) => tool.name)), prose, after, (word, name, before, rest) => {
        expect(refused(`${before}[${word}: ${name}]${rest}`)).toBe(true);
      }),
    );
  });
});

describe('a call object whose name is left out, its arguments under an arguments key', () => {
  it.each([
    ['under `arguments`', '{"arguments": {"title": "Groceries"}}'],
    ['under `parameters`, fenced', '```json\n{"parameters": {"photo": "cat.jpg", "label": "pets"}}\n```'],
    ['under `input`, of a tool without required parameters', '{"input": {"label": "pets"}}'],
    ['with call metadata beside it', '{"id": "call_7", "type": "function", "arguments": {"title": "Groceries"}}'],
  ])('%s is corrected', (_label, text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.message).toMatch(/names no tool/);
  });

  it.each([
    ['empty arguments', '{"parameters": {}}'],
    ['a key no offered tool declares', '{"arguments": {"colour": "red"}}'],
    ['another key beside the arguments', '{"arguments": {"title": "Groceries"}, "note": "draft"}'],
  ])('%s stays the answer', (_label, text) => {
    expect(answered(text)).toBe(true);
  });

  it('property: any non-empty set of one tool\'s declared parameters under any arguments key is corrected, never answered', () => {
    const key = fc.constantFrom('arguments', 'parameters', 'args', 'input', 'params');
    const value = fc.stringMatching(/^[a-z]{1,8}$/);
    const args = fc.record({ photo: value, label: value }, { requiredKeys: [] }).filter((record) => Object.keys(record).length > 0);
    fc.assert(
      fc.property(key, args, fc.boolean(), (wrapper, record, fenced) => {
        const json = JSON.stringify({ [wrapper]: record });
        const result = parse(fenced ? `\`\`\`json\n${json}\n\`\`\`` : json);
        expect(result.success).toBe(false);
      }),
    );
  });
});

describe("a tool-name tag holding another dialect's argument markup", () => {
  it.each([
    ['`<parameter=name>` elements', '<open_note><parameter=title>Groceries</parameter></open_note>'],
    ['`<parameter name="..">` elements', '<open_note><parameter name="title">Groceries</parameter></open_note>'],
    ['an argument element with attributes', '<open_note>\n  <arg key="title">Groceries</arg>\n</open_note>'],
  ])('%s is corrected, never the text of the only property', (_label, text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
  });

  it('plain text is still the only property\'s value', () => {
    const result = parse('<open_note>Groceries for Monday</open_note>');
    expect(result.success && result.decision).toMatchObject({ action: 'call_tool', tool: 'open_note', args: { title: 'Groceries for Monday' } });
  });

  it('property: a body holding any tag with attributes or `=` never becomes the only property\'s text', () => {
    const tag = fc.stringMatching(/^[a-z][a-z_]{0,9}$/);
    const value = fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/);
    const opener = fc.constantFrom((name: string) => `<${name}=title>`, (name: string) => `<${name} name="title">`, (name: string) => `<${name} key='title'>`);
    fc.assert(
      fc.property(tag, value, opener, (name, text, open) => {
        const result = parse(`<open_note>${open(name)}${text}</${name}></open_note>`);
        if (result.success && result.decision.action === 'call_tool') expect(String(result.decision.args.title ?? '')).not.toMatch(/</);
      }),
    );
  });
});

describe('a call wrapper around tool-name tags', () => {
  it.each([
    ['`<tool_call>` around one tag', '<tool_call><open_note><title>Groceries</title></open_note></tool_call>', [{ tool: 'open_note', args: { title: 'Groceries' } }]],
    ['`<function_call>` around two tags', '<function_call>\n<open_note><title>A</title></open_note>\n<tag_photo><photo>b.jpg</photo></tag_photo>\n</function_call>', [
      { tool: 'open_note', args: { title: 'A' } },
      { tool: 'tag_photo', args: { photo: 'b.jpg' } },
    ]],
  ])('%s: the calls inside, the wrapper no part of any reason', (_label, text, calls) => {
    const result = parseDecision('native', text, { tools, maxActions: 2 });
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.decisions.map((decision) => decision.action === 'call_tool' && { tool: decision.tool, args: decision.args })).toEqual(calls);
    expect(JSON.stringify(result.thoughts)).not.toMatch(/_call>/);
  });

  it.each([
    ['prose inside the wrapper', '<tool_call>Opening it. <open_note><title>A</title></open_note></tool_call>'],
    ['a tag cut off inside the wrapper', '<tool_call><open_note><title>A</title></tool_call>'],
  ])('%s is corrected', (_label, text) => {
    expect(refused(text)).toBe(true);
  });
});

describe('a tool-name tag for a tool whose name holds colons', () => {
  it('reads the call, as agents name MCP tools `mcp::server::tool`', () => {
    const clock: ToolSpec[] = [{ name: 'mcp::clock::now', inputSchema: { type: 'object', properties: { zone: { type: 'string' } } } }];
    const result = parseDecision('native', 'Checking.\n\n<mcp::clock::now>\n{"zone": "Europe/Oslo"}\n</mcp::clock::now>', { tools: clock });
    expect(result.success && result.decision).toMatchObject({ action: 'call_tool', tool: 'mcp::clock::now', args: { zone: 'Europe/Oslo' } });
  });

  it('a cut-off call of it is corrected', () => {
    const clock: ToolSpec[] = [{ name: 'mcp::clock::now', inputSchema: { type: 'object', properties: { zone: { type: 'string' } } } }];
    expect(parseDecision('native', '<mcp::clock::now>\n{"zone": "Europe/Os', { tools: clock }).success).toBe(false);
  });
});
