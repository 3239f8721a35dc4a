/**
 * Completeness of wrapper blocks (issue 25, invariant 2): where a family's own parser requires a
 * block's closing token, a block the reply opens and never closes is a cut-off call, corrected, never
 * run; closed, it is read. Families whose servers read an unclosed block (MiniMax's one object per
 * line in `<tool_calls>`) keep that reading. Also: a MuseGlimmer calls block never closed is a call
 * attempt, not an answer, while a closed one inside a message to the user stays the user's text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = ['fetch_page', 'count_words'].map((name) => ({ name, inputSchema: { type: 'object', properties: { url: { type: 'string' }, text: { type: 'string' } } } }));
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const callsOf = (text: string, maxActions = 1) => {
  const result = parse(text, maxActions);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : undefined;
};

describe('wrapper blocks must be closed', () => {
  it('reads a <tool_use> JSON call with its </tool_use>, and corrects one whose block is never closed', () => {
    expect(callsOf('Fetching.<tool_use>{"name": "fetch_page", "input": {"url": "https://b.example"}}</tool_use>')).toEqual([['fetch_page', { url: 'https://b.example' }]]);
    for (const text of ['Fetching.<tool_use>{"name": "fetch_page", "input": {"url": "https://b.example"}}', '<tool_use>\n{"name": "count_words", "input": {"text": "x"}}\n']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain('not closed by </tool_use>');
    }
  });

  it('reads an LFM2 block closed by <|tool_call_end|>, and corrects one left open, as a list or as JSON', () => {
    expect(callsOf('<|tool_call_start|>[fetch_page(url="https://a.example")]<|tool_call_end|>')).toEqual([['fetch_page', { url: 'https://a.example' }]]);
    for (const text of ['<|tool_call_start|>[fetch_page(url="https://a.example")]', '<|tool_call_start|>{"name": "fetch_page", "arguments": {"url": "https://a.example"}}', 'On it. <|tool_call_start|>[count_words(text="two words")]\n']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/not closed|could not be read/);
    }
  });

  it('reads a Hunyuan JSON list in <tool_calls> only with its </tool_calls>; the closing tag inside a value is data', () => {
    expect(callsOf('<tool_calls>[{"name": "count_words", "arguments": {"text": "a b"}}]</tool_calls>')).toEqual([['count_words', { text: 'a b' }]]);
    expect(callsOf('<tool_calls>[{"name": "count_words", "arguments": {"text": "</tool_calls> twice </tool_calls>"}}]</tool_calls>')).toEqual([['count_words', { text: '</tool_calls> twice </tool_calls>' }]]);
    const open = parse('<tool_calls>[{"name": "count_words", "arguments": {"text": "a b"}}]');
    expect(open.success).toBe(false);
    if (!open.success) expect(open.error.message).toBe('the <tool_calls> block is not closed by </tool_calls> (the output may be cut off)');
    // The tag inside the value does not close the block either.
    expect(parse('<tool_calls>[{"name": "count_words", "arguments": {"text": "ends </tool_calls> here"}}]').success).toBe(false);
  });

  it("reads HY v3's section of calls only with its </tool_calls>, with every call inside it", () => {
    const call = (url: string) => `<tool_call>fetch_page<tool_sep>\n<arg_key>url</arg_key>\n<arg_value>${url}</arg_value>\n</tool_call>`;
    expect(callsOf(`<tool_calls>\n${call('a')}\n${call('b')}\n</tool_calls>`, 2)).toEqual([
      ['fetch_page', { url: 'a' }],
      ['fetch_page', { url: 'b' }],
    ]);
    expect(parse(`<tool_calls>\n${call('a')}\n${call('b')}\n`, 2).success).toBe(false);
    expect(parse(`<tool_calls>\n${call('a')}`).success).toBe(false);
  });

  it('reads a Seed block only with its </seed:tool_call>, its opening tag written whole or without its brackets', () => {
    const inner = '<function=fetch_page>\n<parameter=url>c.example</parameter>\n</function>';
    const named = '<function name="fetch_page"><parameter name="url" string="true">c.example</parameter></function>';
    expect(callsOf(`<seed:tool_call>\n${inner}\n</seed:tool_call>`)).toEqual([['fetch_page', { url: 'c.example' }]]);
    expect(callsOf(`Fetching.\nseed:tool_call${named}</seed:tool_call>`)).toEqual([['fetch_page', { url: 'c.example' }]]);
    for (const text of [`<seed:tool_call>\n${inner}`, `<seed:tool_call>\n${inner}\n`, `seed:tool_call${named}`]) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toContain('not closed by </seed:tool_call>');
    }
  });

  it("keeps MiniMax's reading of a <tool_calls> block of objects left open (its servers read it)", () => {
    expect(callsOf('<tool_calls>\n{"name": "fetch_page", "arguments": {"url": "b"}}')).toEqual([['fetch_page', { url: 'b' }]]);
  });

  it('corrects a MuseGlimmer calls block never closed; a closed one quoted in a message to the user stays its text', () => {
    for (const text of ['<atem:function_calls><atem:invoke name="fetch_page"><atem:parameter name="url">a', 'Here: <atem:invoke name="fetch_page">']) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
    }
    const quoted = ' to=user<|message|>Write it as <atem:function_calls><atem:invoke name="fetch_page"><atem:parameter name="url">a</atem:parameter></atem:invoke></atem:function_calls> next time.<|eot|>';
    const result = parse(quoted);
    expect(result.success && result.decision).toMatchObject({ action: 'answer_user' });
  });

  it('property: a wrapped block cut anywhere before its closing token never runs a call', () => {
    const blocks = [
      (url: string) => `<|tool_call_start|>[fetch_page(url="${url}")]<|tool_call_end|>`,
      (url: string) => `<|tool_call_start|>${JSON.stringify({ name: 'fetch_page', arguments: { url } })}<|tool_call_end|>`,
      (url: string) => `<tool_calls>${JSON.stringify([{ name: 'fetch_page', arguments: { url } }])}</tool_calls>`,
      (url: string) => `<tool_calls>\n<tool_call>fetch_page<tool_sep>\n<arg_key>url</arg_key>\n<arg_value>${url}</arg_value>\n</tool_call>\n</tool_calls>`,
      (url: string) => `<tool_calls:opensource><tool_call:opensource>fetch_page<tool_sep:opensource><arg_key:opensource>url</arg_key:opensource><arg_value:opensource>${url}</arg_value:opensource></tool_call:opensource></tool_calls:opensource>`,
      (url: string) => `<seed:tool_call>\n<function=fetch_page>\n<parameter=url>${url}</parameter>\n</function>\n</seed:tool_call>`,
      (url: string) => `seed:tool_call<function name="fetch_page"><parameter name="url" string="true">${url}</parameter></function></seed:tool_call>`,
    ];
    const closers = ['<|tool_call_end|>', '</tool_calls>', '</tool_calls:opensource>', '</seed:tool_call>'];
    const url = fc.stringMatching(/^[a-z]{1,8}(\/[a-z]{1,6}){0,2}$/);
    fc.assert(
      fc.property(fc.constantFrom(...blocks), url, fc.nat(), fc.constantFrom('', 'Fetching it.\n'), (block, address, at, before) => {
        const whole = before + block(address);
        expect(callsOf(whole), whole).toEqual([['fetch_page', { url: address }]]);
        const close = Math.max(...closers.map((closer) => whole.lastIndexOf(closer)));
        const cut = whole.slice(0, before.length + 1 + (at % (close - before.length)));
        const result = parse(cut);
        expect(result.success && result.decisions.some((decision) => decision.action === 'call_tool'), cut).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
