/**
 * Kimi K2 Thinking writes its tool calls inside its reasoning and closes the reasoning afterwards; its
 * servers run those calls. A call section inside reasoning closed later is therefore read, never
 * dropped with the reasoning (coverage: the answer after it is not returned as if no call was made).
 * Kimi K3's tools section (`<|open|>tools<|sep|>`) inside its template-opened reasoning is read the
 * same way. Other families' calls inside closed reasoning stay reasoning, as their servers keep them;
 * but one written in call-section special tokens is never dropped with it: with no call after the
 * reasoning, the turn is corrected.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const fetchPage: ToolSpec = { name: 'fetch_page', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } };
const tools = [fetchPage];
const kimi = (url: string) =>
  `<|tool_calls_section_begin|><|tool_call_begin|>functions.fetch_page:0<|tool_call_argument_begin|>${JSON.stringify({ url })}<|tool_call_end|><|tool_calls_section_end|>`;
const decisionsOf = (text: string) => {
  const result = parseDecision('native', text, { tools });
  return result.success ? result.decisions : undefined;
};

describe('Kimi K2 calls inside reasoning', () => {
  it.each([
    ['a block the model opened and closed', `<think>The page first.${kimi('https://a.example')} Then summarize.</think>Fetching it now.`],
    ['reasoning the template opened, closed by the model', `The page first.${kimi('https://a.example')}</think>Fetching it now.`],
    ['a block closed right after the calls', `<think>The page first.${kimi('https://a.example')}</think>`],
  ])('in %s are run, not dropped with the reasoning', (_label, text) => {
    expect(decisionsOf(text)).toEqual([expect.objectContaining({ action: 'call_tool', tool: 'fetch_page', args: { url: 'https://a.example' } })]);
  });

  it('a section token only mentioned in closed reasoning is corrected, never answered', () => {
    expect(decisionsOf('<think>I could open <|tool_calls_section_begin|> here.</think>The page says hi.')).toBeUndefined();
  });

  it("another family's call inside closed reasoning stays reasoning", () => {
    const hermes = '<tool_call>\n{"name": "fetch_page", "arguments": {"url": "https://a.example"}}\n</tool_call>';
    expect(decisionsOf(`<think>I could write ${hermes} but I know it.</think>It says hi.`)).toEqual([{ action: 'answer_user', answer: 'It says hi.' }]);
  });

  it('a Kimi K3 tools section inside the reasoning the template opened is run, not dropped with the reasoning', () => {
    const k3 = `<|open|>tools<|sep|><|open|>call tool="fetch_page" index="1"<|sep|><|open|>argument key="url" type="string"<|sep|>https://a.example<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`;
    expect(decisionsOf(`Open it.${k3}Then read it.<|close|>think<|sep|><|open|>response<|sep|>Opening.<|close|>response<|sep|>`)).toEqual([
      expect.objectContaining({ action: 'call_tool', tool: 'fetch_page', args: { url: 'https://a.example' } }),
    ]);
  });

  it('reasoning that recalls the Kimi K3 format, or breaks off a call in it, stays reasoning: the answer stands', () => {
    for (const thought of ['Recall the format <|open|>tools<|sep|>...<|close|>tools<|sep|> - ok.', 'I could emit <|open|>tools<|sep|><|open|>call tool="fetch_page" index="1"<|sep|>... but no.']) {
      expect(decisionsOf(`${thought}<|close|>think<|sep|><|open|>response<|sep|>It says hi.<|close|>response<|sep|>`)).toEqual([{ action: 'answer_user', answer: 'It says hi.' }]);
    }
  });

  it('a reply that is only reasoning is corrected with a message saying so, not "empty"', () => {
    for (const text of ['Weighing the options.</think>', '<think>Weighing the options.</think>']) {
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message).toContain('only reasoning and no decision');
    }
    const empty = parseDecision('native', '   ', { tools });
    expect(!empty.success && empty.error.message).toContain('the output is empty');
  });

  it('a call in special tokens inside closed reasoning, with no call after it, is corrected (never answered without it)', () => {
    const deepseek = '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>fetch_page<｜tool▁sep｜>{"url": "https://a.example"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const gemma = '<|tool_call>call:fetch_page{url:<|"|>https://a.example<|"|>}<tool_call|>';
    for (const call of [deepseek, gemma]) {
      const text = `<think>Open it. ${call} Then read it.</think>It says hi.`;
      const result = parseDecision('native', text, { tools });
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message).toContain('the reasoning holds a call of `fetch_page`');
    }
  });

  it('property: a call in special tokens anywhere in closed reasoning is never dropped for the plain answer after it', () => {
    const words = fc.stringMatching(/^[A-Za-z ,.]{0,40}$/);
    const calls = [
      (url: string) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>fetch_page<｜tool▁sep｜>${JSON.stringify({ url })}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`,
      (url: string) => `<|tool_call>call:fetch_page{url:<|"|>${url}<|"|>}<tool_call|>`,
      (url: string) => `[TOOL_CALLS]fetch_page[ARGS]${JSON.stringify({ url })}`,
    ];
    fc.assert(
      fc.property(words, fc.constantFrom(...calls), fc.webUrl(), words, fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,30}$/), (before, call, url, after, answer) => {
        const text = `<think>${before}${call(url)}${after}</think>${answer}`;
        const result = parseDecision('native', text, { tools });
        if (result.success) expect(result.decisions, text).toEqual([expect.objectContaining({ action: 'call_tool', tool: 'fetch_page', args: { url } })]);
      }),
      { numRuns: 60 },
    );
  });

  it('property: whatever reasoning surrounds it, a complete Kimi K2 call in closed reasoning runs and no answer is returned', () => {
    const words = fc.stringMatching(/^[A-Za-z ,.]{0,40}$/);
    const url = fc.webUrl();
    fc.assert(
      fc.property(words, url, words, words, fc.boolean(), (before, written, after, answer, opened) => {
        const text = `${opened ? '<think>' : ''}${before}${kimi(written)}${after}</think>${answer}`;
        expect(decisionsOf(text), text).toEqual([expect.objectContaining({ action: 'call_tool', tool: 'fetch_page', args: { url: written } })]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a call read from inside a reasoning block in the middle of a reply', () => {
  const hermes = (url: string) => `<tool_call>{"name": "fetch_page", "arguments": ${JSON.stringify({ url })}}</tool_call>`;
  const messageOf = (text: string) => {
    const result = parseDecision('native', text, { tools, maxActions: 3 });
    return result.success ? undefined : result.error.message;
  };

  it.each([
    ['between answer lines', `Hello\n<think>draft ${hermes('https://b.example')}</think>\nbye`],
    ['inside a sentence', `Hello <think>draft ${hermes('https://b.example')}</think> bye`],
    ['on the line of the call before it', `${hermes('https://a.example')}<think>maybe also ${hermes('https://b.example')}</think>`],
    ['after leading reasoning and an answer line', `<think>plan</think>Hello\n<think>draft ${hermes('https://b.example')}</think>\nbye`],
  ])('%s is corrected, never run', (_label, text) => {
    expect(messageOf(text)).toMatch(/inside its reasoning \(<think>/);
  });

  it('keeps a reasoning block written inside an argument, and one after a call on a later line', () => {
    expect(decisionsOf(`<tool_call>{"name": "fetch_page", "arguments": {"url": "<think>x</think>"}}</tool_call>`)).toEqual([
      expect.objectContaining({ tool: 'fetch_page', args: { url: '<think>x</think>' } }),
    ]);
    expect(decisionsOf(`${hermes('https://a.example')}\n<think>maybe also ${hermes('https://b.example')}</think>`)).toEqual([
      expect.objectContaining({ tool: 'fetch_page', args: { url: 'https://a.example' } }),
    ]);
  });

  it('property: a call inside a mid-reply reasoning block never runs, whatever the prose around it (fast-check)', () => {
    const prose = fc.string({ unit: fc.constantFrom(...'abc .,\n'), maxLength: 20 });
    fc.assert(
      fc.property(prose, prose, fc.webUrl(), (before, after, url) => {
        const result = parseDecision('native', `Hi.${before}<think>${before}${hermes(url)}${after}</think>${after}`, { tools, maxActions: 3 });
        return !result.success || result.decisions.every((decision) => decision.action !== 'call_tool');
      }),
      { numRuns: 200 },
    );
  });
});
