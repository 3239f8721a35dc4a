/**
 * Call markup no reader reads is a correction, never the answer: LM Studio's `[TOOL_REQUEST]` tokens,
 * a `<name>` element opening an element named for a call with an arguments element after it, an
 * element named for a call whose attribute names a tool (`<tool name="x">`, `<call tool="x" k="v"/>`),
 * and a label line naming a tool in markdown emphasis (`**Tool:** x`).
 * Markup a server kept around the turn (ChatML's `<|im_start|>assistant` header) is framing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'open_ticket', inputSchema: { type: 'object', properties: { title: { type: 'string' }, urgent: { type: 'boolean' } }, required: ['title'] } },
  { name: 'list_tickets', inputSchema: { type: 'object', properties: {} } },
];
const read = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });

describe('call markup no reader reads', () => {
  it('reads LM Studio JSON between its tokens, and corrects what it cannot read there', () => {
    expect(read('[TOOL_REQUEST]{"name": "open_ticket", "arguments": {"title": "Printer"}}[END_TOOL_REQUEST]')).toMatchObject({ success: true, decision: { tool: 'open_ticket', args: { title: 'Printer' } } });
    // A name then JSON is read too (`tool-request.ts`); arguments written otherwise are a correction.
    expect(read('Filing it.\n[TOOL_REQUEST]\nopen_ticket title=Printer\n[TOOL_REQUEST_END]')).toMatchObject({ success: false, error: { message: expect.stringContaining('[TOOL_REQUEST]') } });
    // Quoted as code it is talk about the format.
    expect(read('Models write `[TOOL_REQUEST]` before a call.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('corrects a <name> naming a tool inside a call element with arguments after it, whatever the arguments hold', () => {
    for (const text of ['<tool>\n<name>open_ticket</name>\n<arguments>\n{title: broken}\n</arguments>\n</tool>', 'Sure.\n<call><name>list_tickets</name><args></args></call>', '<function_call>\n  <name> open_ticket </name>\n  <input><title>Printer</title></input>\n</function_call>']) {
      expect([text, read(text).success]).toEqual([text, false]);
    }
  });

  it('keeps a tool definition echoed as XML, and a <name> element in prose, as the answer', () => {
    for (const text of ['<tool><name>open_ticket</name><description>Opens a ticket.</description></tool>', 'The <name>open_ticket</name> tool opens tickets.']) {
      expect(read(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    }
  });

  it('corrects a <tool_input> no reader took beside a call read, never running the call without its arguments', () => {
    // A bare name in <tool_call> reads as a call with no arguments; the arguments after it must not be dropped.
    expect(read('<tool_call>list_tickets</tool_call><tool_input>status: open</tool_input>')).toMatchObject({ success: false, error: { message: expect.stringContaining('<tool_input>') } });
    expect(read('<tool>open_ticket</tool><tool_input>{"title": "Printer"}</tool_input>')).toMatchObject({ success: true, decision: { tool: 'open_ticket', args: { title: 'Printer' } } });
    expect(read('Arguments go in a `<tool_input>` element.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('drops the ChatML assistant header a server kept, around an answer or a call', () => {
    expect(read('<|im_start|>assistant\nAll tickets are closed.<|im_end|>')).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'All tickets are closed.' } });
    const call = '<|im_start|>assistant\n<tool_call>\n{"name": "list_tickets", "arguments": {}}\n</tool_call>\n<|im_end|>';
    expect(read(call)).toMatchObject({ success: true, decision: { tool: 'list_tickets', args: {} } });
    // Elsewhere in the reply it is still a special token no reader accounted for.
    expect(read('Done.\n<|im_start|>assistant\nMore.')).toMatchObject({ success: false });
  });

  it('corrects an element named for a call whose attribute names a tool, and a label in emphasis; HTML stays prose', () => {
    for (const text of ['<tool name="open_ticket">{"title": "Printer"}</tool>', '<call tool="list_tickets"/>', 'Filing.\n<ns:tool_use name=\'open_ticket\' title="Printer"/>', '**Tool:** open_ticket\n**Input:** {"title": "Printer"}']) {
      expect([text, read(text).success]).toEqual([text, false]);
    }
    for (const text of ['See <a name="open_ticket">the form</a>.', 'The `<tool name="open_ticket">` element is one way.', '**Tool:** a hammer']) {
      expect(read(text), text).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    }
  });

  it('property: an element named for a call with an attribute naming an offered tool is never the answer', () => {
    const element = fc.constantFrom('tool', 'call', 'tool_use', 'Tool', 'action', 'tools');
    const attribute = fc.constantFrom('name', 'tool', 'function', 'tool_name');
    const quote = fc.constantFrom('"', "'");
    const body = fc.constantFrom('/>', '>{"title": "x"}</tool>', ' title="x"/>', '>\n<title>x</title>\n</tool>');
    fc.assert(
      fc.property(element, attribute, quote, body, fc.constantFrom('', 'On it.\n'), (name, key, q, rest, lead) => {
        const text = `${lead}<${name} ${key}=${q}open_ticket${q}${rest}`;
        const result = read(text);
        expect(result.success && result.decisions.some((decision) => decision.action === 'answer_user'), text).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
