/**
 * A tool's result the model wrote between two of its calls (`invented-result.ts`): the second call is
 * planned on a made-up result, so the reply is corrected however many calls are allowed. Written for
 * reins; no harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'lookup', inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] } },
  { name: 'fetch_page', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
];
const parse = (reply: string, maxActions = 3) => parseDecision('native', reply, { tools, maxActions });
const hermes = (term: string) => `<tool_call>${JSON.stringify({ name: 'lookup', arguments: { term } })}</tool_call>`;

describe('a result the model made up between its calls', () => {
  it('corrects the reply, naming the element, whatever the call dialect', () => {
    for (const reply of [
      `<lookup><term>tides</term></lookup>\n<information>high at 9</information>\n<lookup><term>ferries</term></lookup>`,
      `${hermes('tides')}\n<tool_result>high at 9</tool_result>\n${hermes('ferries')}`,
      `${hermes('tides')}\n<FunctionResponse id="1">high at 9</FunctionResponse>\n${hermes('ferries')}`,
    ]) {
      const result = parse(reply);
      expect(result.success, reply).toBe(false);
      if (!result.success) expect(result.error.message).toMatch(/between two calls, a result it wrote itself/);
    }
  });

  it('keeps calls with nothing or plain words between them, a result after the last call, and one inside a value', () => {
    expect(parse(`${hermes('tides')}\nand then\n${hermes('ferries')}`)).toMatchObject({ success: true, decisions: [{ args: { term: 'tides' } }, { args: { term: 'ferries' } }] });
    expect(parse(`${hermes('tides')}\n<output>made up</output>`, 1)).toMatchObject({ success: true, decision: { tool: 'lookup', args: { term: 'tides' } } });
    expect(parse(`${hermes('<result>a</result>')}\n${hermes('b')}`)).toMatchObject({ success: true, decisions: [{ args: { term: '<result>a</result>' } }, { args: { term: 'b' } }] });
    // An element named for no result (`<note>`) between calls is the model's own markup, not a tool's result.
    expect(parse(`<lookup><term>a</term></lookup>\n<note>x</note>\n<lookup><term>b</term></lookup>`)).toMatchObject({ success: true, decisions: [{ args: { term: 'a' } }, { args: { term: 'b' } }] });
  });

  it('never runs a call written after a made-up result element (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    const resultName = fc.tuple(fc.constantFrom('', 'tool_', 'search_', 'function-'), fc.constantFrom('result', 'results', 'response', 'output', 'observation', 'information')).map(([prefix, noun]) => prefix + noun);
    const call = fc.constantFrom(
      (term: string) => hermes(term),
      (term: string) => `<lookup><term>${term}</term></lookup>`,
      (term: string) => `<fetch_page><url>https://${term}.example</url></fetch_page>`,
    );
    fc.assert(
      fc.property(call, call, word, word, resultName, word, fc.constantFrom('', '\n', '\n\n'), (first, second, a, b, name, made, gap) => {
        const reply = `${first(a)}${gap}<${name}>${made}</${name}>${gap}${second(b)}`;
        // Corrected; or, where the made-up result is a tool's turn after the call's close (Hermes'
        // `</tool_call><tool_response>`), the reply ends at the close: the first call only.
        const result = parse(reply);
        if (result.success) expect(result.decisions, reply).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});
