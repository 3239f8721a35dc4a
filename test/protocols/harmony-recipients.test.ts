/**
 * Harmony (GPT-OSS) calls addressed without the `functions.` namespace: `to=lookup` in a message
 * header, the built-in `to=browser.search` on the analysis channel. Read as calls of the offered tool
 * they name; a recipient that names no offered tool, or a `to=` outside a harmony header, is never read
 * as a call of it, nor answered. A header whose tokens a detokenizer dropped (`commentary to=fetch_page
 * json {..}`) is a call attempt, corrected; `to=` in prose or a URL stays prose.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tool = (name: string): ToolSpec => ({ name, inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } });
const tools = [tool('fetch_page'), tool('docs.search')];
const read = (text: string, offered = tools) => parseDecision('native', text, { tools: offered });
const callsOf = (text: string) => {
  const result = read(text);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : `refused: ${result.error.message}`;
};

describe('harmony recipients without functions.', () => {
  it('reads a recipient after the channel or before it, with a content type, on any channel', () => {
    const analysis = '<|channel|>analysis<|message|>Need the page.<|end|><|start|>assistant<|channel|>analysis to=fetch_page code<|message|>{"url": "https://a.example"}';
    expect(callsOf(analysis)).toEqual([['fetch_page', { url: 'https://a.example' }]]);
    expect(callsOf('<|start|>assistant to=docs.search<|channel|>commentary json<|message|>{"url": "b"}<|call|>')).toEqual([['docs.search', { url: 'b' }]]);
  });

  it('never answers or runs a recipient that names no offered tool, nor a to= outside a harmony header', () => {
    expect(callsOf('<|start|>assistant<|channel|>analysis to=python<|message|>print(1)<|call|>')).toMatch(/^refused/);
    expect(callsOf(' to=fetch_page<|message|>{"url": "c"}')).toMatch(/^refused/);
  });

  it('property: a harmony call to any offered name reads as that call', () => {
    const segment = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
    const name = fc.tuple(segment, fc.option(segment, { nil: undefined })).map(([head, tail]) => (tail ? `${head}.${tail}` : head)).filter((candidate) => !candidate.startsWith('functions') && candidate !== 'ask_user' && candidate !== 'answer_user');
    const url = fc.string({ maxLength: 12 });
    const placement = fc.constantFrom('after channel', 'before channel');
    const channel = fc.constantFrom('analysis', 'commentary');
    fc.assert(
      fc.property(name, url, placement, channel, (toolName, value, where, channelName) => {
        const header = where === 'after channel' ? `<|start|>assistant<|channel|>${channelName} to=${toolName}` : `<|start|>assistant to=${toolName}<|channel|>${channelName}`;
        const result = read(`${header} <|constrain|>json<|message|>${JSON.stringify({ url: value })}<|call|>`, [tool(toolName)]);
        expect(result.success && result.decisions).toEqual([{ action: 'call_tool', tool: toolName, args: { url: value }, reason: '' }]);
      }),
      { numRuns: 300 },
    );
  });

  it('corrects a harmony header whose tokens were dropped, and keeps a to= in prose as the answer', () => {
    for (const text of ['commentary to=fetch_page json {"url": "a"}', 'analysis Need it.assistantcommentary to=docs.search json{"url": "b"}']) {
      expect(callsOf(text), text).toMatch(/^refused/);
    }
    for (const text of ['Set to=fetch_page in the settings.', 'See https://x.example/route?to=fetch_page for it.']) {
      expect(callsOf(text), text).toEqual(['answer_user']);
    }
  });
});
