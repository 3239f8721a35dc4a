import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { hermesReader } from '../../src/protocols/dialects/hermes.ts';
import { mistralReader } from '../../src/protocols/dialects/mistral.ts';
import { codeRanges, isInCode } from '../../src/protocols/extract/code-ranges.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'lookup', inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'], additionalProperties: false } }];
const covered = (text: string, part: string, from = 0) => isInCode(codeRanges(text), text.indexOf(part, from));

describe('code ranges', () => {
  it('finds inline spans of any backtick run, on one line only', () => {
    const text = 'use `a` and ``b ` c`` but not `d\ne` here';
    expect(covered(text, 'a')).toBe(true);
    expect(covered(text, 'b ')).toBe(true);
    expect(covered(text, ' c')).toBe(true);
    expect(covered(text, 'd')).toBe(false);
    expect(covered(text, 'use')).toBe(false);
  });

  it('finds fenced blocks with backticks or tildes, closed by a like fence or by the end', () => {
    const text = 'intro\n```xml\n<tool_call>\n~~~\nstill code\n```\nafter\n~~~~\nopen to the end';
    expect(covered(text, '<tool_call>')).toBe(true);
    expect(covered(text, 'still code')).toBe(true);
    expect(covered(text, 'after')).toBe(false);
    expect(covered(text, 'open to the end')).toBe(true);
    expect(covered(text, 'intro')).toBe(false);
  });

  it('closes a fence whose line goes on with closing tags only (a fenced JSON body right before </tool_call>)', () => {
    const text = '<tool_call>a\n```json\n{}\n```</tool_call></tool_calls>\nafter\n```js\nopen';
    expect(covered(text, '{}')).toBe(true);
    expect(covered(text, 'after')).toBe(false);
    expect(covered(text, 'open')).toBe(true);
    expect(covered('```\ncode\n``` not a close\nstill code', 'still code')).toBe(true);
  });

  it('does not read backticks inside a fence as inline spans', () => {
    const text = '```\na ` b\n```\nc ` d';
    expect(codeRanges(text)).toEqual([[0, 13]]);
  });
});

describe('tool-call tokens inside code are quoted, not called', () => {
  it.each([
    ['Hermes', 'Wrap each call in `<tool_call>` tags, then stop.'],
    ['Mistral', 'Mistral models start calls with `[TOOL_CALLS]` and a JSON list.'],
    ['Mistral with arguments', 'It looks like `[TOOL_CALLS]lookup[ARGS]{"code": "x"}` in the raw output.'],
  ])('%s in inline code: a native answer stays the answer', (_name, text) => {
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decision: { action: 'answer_user', answer: text } });
  });

  it.each([
    [hermesReader.dialect, hermesReader, 'Here is the format:\n```\n<tool_call>\n{"name": "lookup", "arguments": {"code": "x"}}\n</tool_call>\n```\nThat is all.'],
    [mistralReader.dialect, mistralReader, 'Example:\n~~~\n[TOOL_CALLS][{"name": "lookup", "arguments": {"code": "x"}}]\n~~~\nDone.'],
  ])('the %s reader skips a token in a fenced example', (_dialect, reader, text) => {
    expect(reader.read(text, { tools, primary: false })).toBeUndefined();
  });

  it('still reads a real call that follows a quoted token', () => {
    const hermes = 'I will use `<tool_call>` now:\n<tool_call>{"name": "lookup", "arguments": {"code": "A"}}</tool_call>';
    expect(parseDecision('native', hermes, { tools })).toMatchObject({ success: true, dialect: 'hermes', decision: { tool: 'lookup', args: { code: 'A' } } });
    const mistral = 'The `[TOOL_CALLS]` token:\n[TOOL_CALLS][{"name": "lookup", "arguments": {"code": "B"}}]';
    expect(parseDecision('native', mistral, { tools })).toMatchObject({ success: true, dialect: 'mistral', decision: { tool: 'lookup', args: { code: 'B' } } });
  });

  it('reads a call whose arguments hold backticks', () => {
    const text = '<tool_call>{"name": "lookup", "arguments": {"code": "`x` and ```y```"}}</tool_call>';
    expect(parseDecision('json', text, { tools })).toMatchObject({ success: true, decision: { tool: 'lookup', args: { code: '`x` and ```y```' } } });
  });
});

describe('JSON calls in code: quoted unless the fence holds only the call', () => {
  const json = '{"name": "lookup", "arguments": {"code": "B2"}}';
  const read = (text: string) => {
    const result = parseDecision('native', text, { tools });
    return result.success ? result.decisions.map((decision) => decision.action) : 'refused';
  };

  it('answers with a JSON call shown in inline code, in every JSON shape', () => {
    for (const shown of [json, '{"name": "lookup", "parameters": {"code": "B2"}}', '{"tool_name": "lookup", "code": "B2"}', '[{"name": "lookup", "arguments": {"code": "B2"}}]']) {
      expect(read(`Send \`${shown}\` to look a code up.`), shown).toEqual(['answer_user']);
      expect(read(`Send \`\`${shown}\`\` to look a code up.`), shown).toEqual(['answer_user']);
    }
  });

  it('reads the call a fence holds alone (models fence their calls), also written on one line', () => {
    for (const text of [`\`\`\`json\n${json}\n\`\`\``, `Calling it:\n\`\`\`\n${json}\n\`\`\``, `\`\`\`json${json}\`\`\``, `~~~\n${json}\n~~~`]) expect(read(text), text).toEqual(['call_tool']);
  });

  it('never runs the JSON inside a fenced example of another dialect', () => {
    const example = `Here is the format:\n\`\`\`\n<tool_call>${json}</tool_call>\n\`\`\`\nThat is all.`;
    expect(read(example)).not.toContainEqual('call_tool');
  });
});
