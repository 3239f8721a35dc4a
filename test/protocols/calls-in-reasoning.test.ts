/**
 * Kimi K2 Thinking writes its tool calls inside its reasoning and closes the reasoning afterwards; its
 * servers run those calls. A call section inside reasoning closed later is therefore read, never
 * dropped with the reasoning (coverage: the answer after it is not returned as if no call was made).
 * Other families' calls inside closed reasoning stay reasoning, as their servers keep them.
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
