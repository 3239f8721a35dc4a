/**
 * Call markup no reader reads is a correction, never the answer: LM Studio's `[TOOL_REQUEST]` tokens,
 * a `<name>` element opening an element named for a call with an arguments element after it, an
 * element named for a call whose attribute names a tool (`<tool name="x">`, `<call tool="x" k="v"/>`),
 * and a label line naming a tool in markdown emphasis (`**Tool:** x`).
 * Markup a server kept around the turn (ChatML's `<|im_start|>assistant` header) is framing. A call's
 * arguments in an element of their own (`<arguments>{..}</arguments>`) beside a tool named otherwise
 * are never dropped, nor are arguments written as JSON after a tool named in a sentence.
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
    for (const text of ['<tool>\n<name>open_ticket</name>\n<arguments>\n{title: broken}\n</arguments>\n</tool>', '<function_call>\n  <name> open_ticket </name>\n  <input><title>Printer</title></input>\n</function_call>', '<do_step><name>open_ticket</name><args>{"title": "Printer"}</args></do_step>', 'Filing it.\n<do_step>\n  <name>open_ticket</name>\n']) {
      expect([text, read(text).success]).toEqual([text, false]);
    }
  });

  it('reads such an element whose arguments element is empty or holds argument elements (`tool-args-elements.ts`)', () => {
    expect(read('Sure.\n<call><name>list_tickets</name><args></args></call>')).toMatchObject({ success: true, decision: { tool: 'list_tickets', args: {} } });
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

  it('corrects an element naming a tool under a namespace (`<fn.open_ticket/>`, `<ns:open_ticket>`), never answering it', () => {
    for (const text of ['<steps>\n  <fn.open_ticket title="Printer" urgent="true"/>\n</steps>', 'Plan:\n<tools:list_tickets></tools:list_tickets>', '<a.b.open_ticket title="x">']) {
      expect(read(text)).toMatchObject({ success: false, error: { message: expect.stringContaining('could not be read') } });
    }
    // Quoted as code, or a tag whose name only ends in a tool's letters, is prose.
    expect(read('Write `<fn.open_ticket/>` to open one.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    expect(read('See <my_open_ticket> for details.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('corrects JSON whose quotes are all doubled when it names a tool', () => {
    expect(read('{""call"": {""function"": ""list_tickets""}}')).toMatchObject({ success: false, error: { message: expect.stringContaining('list_tickets') } });
    expect(read('She said ""hello"" twice.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('corrects a reply made of markup only, and keeps markup around words as the answer', () => {
    for (const text of ['<report>', '<summary></summary>', '<items>\n  <item/>\n</items>']) {
      expect([text, read(text)]).toMatchObject([text, { success: false, error: { message: expect.stringContaining('only markup') } }]);
    }
    for (const text of ['<b>Two tickets</b> are open.', 'Use <br/> for a line break.', '```\n<report>\n```']) {
      expect(read(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    }
  });

  it('corrects an element named for a call whose attribute names a tool, and leaves other elements naming one as the answer', () => {
    // A JSON body with text beside it (the object alone is the call's arguments: `named-call-element.ts`).
    for (const text of ['<tool name="open_ticket">{"title": "Printer"} now</tool>', 'Filing.\n<use_tool name="list_tickets"/>', '<action tool="open_ticket" title="Printer"/> done', "<FunctionCall function='functions.list_tickets'>"]) {
      expect([text, read(text).success]).toEqual([text, false]);
    }
    for (const text of ['<form><input name="open_ticket"> Send</form>', 'Write `<tool name="open_ticket">` first.']) {
      expect(read(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    }
  });

  it('corrects a JSON call naming a tool as `functions.<name>` under `recipient_name`', () => {
    const text = '{"tool_uses": [{"recipient_name": "functions.open_ticket", "parameters": {"title": "Printer"}}]}';
    expect(read(text)).toMatchObject({ success: false, error: { message: expect.stringContaining('open_ticket') } });
  });

  it('corrects an answer holding a call block\'s closing tag with no call before it, and keeps one quoted as code', () => {
    for (const text of ['All tickets are closed.</tool_call>', '</tool_call>\nAll closed.', 'Closed.\n</minimax:tool_call>']) {
      expect(read(text)).toMatchObject({ success: false, error: { message: expect.stringContaining('call\'s start is missing') } });
    }
    // The JSON before it is a call whose <tool_call> the template opened: read.
    expect(read('{"name": "list_tickets", "arguments": {}}\n</tool_call>')).toMatchObject({ success: true, decision: { tool: 'list_tickets' } });
    expect(read('Close a block with `</tool_call>`.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('corrects an answer holding the closing tag of an offered tool, and keeps one quoted as code', () => {
    for (const text of ['Filed it.\n</open_ticket>', '    <open_ticket title="Printer">\nurgent\n</open_ticket>\n']) {
      expect(read(text), text).toMatchObject({ success: false, error: { message: expect.stringContaining('</open_ticket>, the end of a call of `open_ticket`') } });
    }
    expect(read('Its element ends with `</open_ticket>`.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    expect(read('Done.</close_ticket>')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('property: an answer ending by opening an element is corrected as cut off, unless the element is void HTML', () => {
    const name = fc.stringMatching(/^[a-z][a-z_]{1,11}$/);
    const prose = fc.constantFrom('Let me check that.', 'One moment:', 'Here is the plan\n', '');
    const attributes = fc.constantFrom('', ' id="x"', ' kind=fast');
    fc.assert(
      fc.property(prose, name, attributes, (before, element, attrs) => {
        const result = read(`${before}<${element}${attrs}>`);
        const voidHtml = ['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'area', 'base', 'col', 'embed', 'source', 'track', 'param'].includes(element);
        if (voidHtml) return result.success;
        return !result.success;
      }),
    );
    expect(read('Line one<br>')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    expect(read('Close it with `<b>`')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    expect(read('It returns Promise<string>')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    expect(read('I will use a tool<tool_use>').success).toBe(false);
  });
});

describe('arguments written in an element of their own', () => {
  it('corrects a JSON arguments element beside a tool element, or alone, instead of running the tool without them', () => {
    for (const text of [
      '<tool>open_ticket</tool>\n<arguments>{"title": "Printer"}</arguments>',
      'Filing it.\n<tool>open_ticket</tool><params>{"title": "Printer", "urgent": true}</params>',
      '<args>{"title": "Printer"}</args>',
      '<function>open_ticket</function>\n<parameters>{"title": "Printer"}</parameters>',
    ]) {
      const result = read(text);
      expect(result.success, text).toBe(false);
    }
    // Quoted as code it is talk about the markup; a tool element with its own input element still reads.
    expect(read('The shape:\n```xml\n<arguments>{"title": "x"}</arguments>\n```')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
    expect(read('<tool>open_ticket</tool><tool_input>{"title": "Printer"}</tool_input>')).toMatchObject({ success: true, decision: { tool: 'open_ticket', args: { title: 'Printer' } } });
  });

  it('corrects a label line in any letter case naming an offered tool', () => {
    for (const text of ['ACT: list_tickets', 'Function Name: Open_Ticket']) expect(read(text).success, text).toBe(false);
    expect(read('Tool: a sharp pencil').success).toBe(true);
  });

  it('property: a tool element followed by an arguments element is never run without those arguments', () => {
    const wrapperName = fc.constantFrom('arguments', 'args', 'parameters', 'params', 'input', 'kwargs', 'action_input');
    const title = fc.stringMatching(/^[A-Za-z ]{1,12}$/);
    fc.assert(
      fc.property(fc.constantFrom('tool', 'function', 'action'), wrapperName, title, fc.constantFrom('', '\n', ' '), (toolTag, wrapper, value, gap) => {
        const text = `<${toolTag}>open_ticket</${toolTag}>${gap}<${wrapper}>${JSON.stringify({ title: value })}</${wrapper}>`;
        const result = read(text);
        if (result.success && result.decision.action === 'call_tool') expect(result.decision.args, text).toEqual({ title: value });
        else expect(result.success, text).toBe(false);
      }),
    );
  });

  it('corrects a tool named in a sentence with its arguments as JSON on the same line, and answers JSON that is not its arguments', () => {
    for (const text of ['Calling open_ticket with {"title": "Printer"}', 'Next I use open_ticket: {"title": "Printer", "urgent": true}']) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message, text).toContain('open_ticket');
    }
    for (const text of ['open_ticket returned {"id": 12}', 'Use `open_ticket` with `{"title": "x"}`.', 'The ticket {"title": "Printer"} is open.']) expect(read(text), text).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('property: a sentence naming a tool with an object of its parameters is never the answer', () => {
    const words = fc.stringMatching(/^[A-Za-z ,]{0,20}$/);
    fc.assert(
      fc.property(words, words, fc.stringMatching(/^[A-Za-z ]{1,12}$/), fc.boolean(), (before, between, title, urgent) => {
        const text = `${before} open_ticket ${between} ${JSON.stringify({ title, urgent })}.`;
        const result = read(text);
        if (result.success) expect(result.decision, text).toMatchObject({ action: 'call_tool', tool: 'open_ticket', args: { title, urgent } });
      }),
    );
  });

  it('corrects an element named for a call whose attribute names a tool, and a label in emphasis; HTML stays prose', () => {
    for (const text of ['<tool name="open_ticket">{"title": "Printer"} now</tool>', '<call tool="list_tickets"/>', 'Filing.\n<ns:tool_use name=\'open_ticket\' title="Printer"/>']) {
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
