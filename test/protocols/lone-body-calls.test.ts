/**
 * A `<function=..>` call element whose body is one text and no parameter element is the lone input of
 * a tool of one property, as a tool-name tag's body or a ReAct `Action Input` is; a call element left
 * open inside a closed `<tool_call>` ends at the wrapper's close, its last value with it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'open_page', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
  { name: 'move_card', inputSchema: { type: 'object', properties: { card: { type: 'string' }, column: { type: 'string' } }, required: ['card', 'column'] } },
];
const read = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ success: true, decisions: [{ action: 'call_tool', tool, args }] });

describe('a call element holding one text', () => {
  it('gives the text to the only property of the tool, closed by the element or by its wrapper', () => {
    expect(read('<function=open_page>https://example.org/a?b=1</function>')).toMatchObject(call('open_page', { url: 'https://example.org/a?b=1' }));
    expect(read('<tool_call>\n<function=open_page>https://example.org/docs\n</tool_call>')).toMatchObject(call('open_page', { url: 'https://example.org/docs' }));
  });

  it('never picks a field of a tool of several properties, nor reads `key: value` lines or markup as one text', () => {
    expect(read('<function=move_card>card 7 to done</function>')).toMatchObject({ success: false });
    expect(read('<function=open_page>url: https://example.org</function>')).toMatchObject({ success: false });
    expect(read('<function=open_page><b>https://example.org</b></function>')).toMatchObject({ success: false });
  });

  it('is refused when another call follows it, since that one would go unread', () => {
    expect(read('<function=open_page>https://a.example</function>\n<function=open_page>https://b.example</function>', 2)).toMatchObject({ success: false });
  });

  it('is refused when the element is never closed (cut off)', () => {
    expect(read('<function=open_page>https://example.org')).toMatchObject({ success: false });
  });

  it('reads any plain text as the lone input, and never as a call of a two-property tool (fast-check)', () => {
    const plain = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ./?=&-]{0,40}[A-Za-z0-9]$/).filter((text) => !/^[A-Za-z_][\w-]*\s*:/.test(text));
    fc.assert(
      fc.property(plain, (text) => {
        expect(read(`<function=open_page>${text}</function>`), text).toMatchObject(call('open_page', { url: text }));
        expect(read(`<function=move_card>${text}</function>`), text).toMatchObject({ success: false });
      }),
      { numRuns: 80 },
    );
  });
});

describe('a call element left open inside a closed wrapper', () => {
  it('ends its last value at the wrapper close, the space before that tag not part of the value', () => {
    expect(read('<tool_call><function=move_card><parameter=card>7</parameter><parameter=column>done  </tool_call>')).toMatchObject(
      call('move_card', { card: '7', column: 'done' }),
    );
    expect(read('<tool_call>\n<function=move_card>\n<parameter=card>\n12\n</parameter>\n<parameter=column>\nreview\n</tool_call>')).toMatchObject(
      call('move_card', { card: '12', column: 'review' }),
    );
  });

  it('is still cut off when no wrapper closes it', () => {
    expect(read('<tool_call>\n<function=move_card>\n<parameter=card>\n12\n</parameter>\n<parameter=column>\nreview')).toMatchObject({ success: false });
  });
});
