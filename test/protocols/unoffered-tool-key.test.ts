/**
 * An offered tool's arguments beside a key naming a step that is not on offer (`unoffered-tool-key.ts`):
 * a call of a made-up tool, corrected with the tools on offer; never answered as text, never run as
 * the tool whose arguments fit. Data that only shares a parameter's key stays an answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'search_docs', inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } },
  { name: 'read_page', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
];
const read = (text: string) => parseDecision('native', text, { tools });

describe('a step key naming a tool not on offer', () => {
  it('is corrected as an unknown tool, bare or fenced, naming the tools on offer', () => {
    for (const text of ['{"next_source": "draw_chart", "topic": "rainfall"}', '```json\n{"selected_tool": "translate", "url": "https://example.org"}\n```']) {
      const result = read(text);
      expect(result.success, text).toBe(false);
      if (!result.success) expect(result.error.message, text).toMatch(/no offered tool \(available: .*search_docs/);
    }
  });

  it('leaves data that shares a parameter key an answer, and a key naming an offered tool a call', () => {
    expect(read('{"topic": "rainfall", "trend": "rising"}')).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
    expect(read('{"source": "Met office report", "topic": "rainfall"}')).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
    expect(read('{"source": "read_page", "url": "https://example.org"}')).toMatchObject({ success: true, decisions: [{ tool: 'read_page', args: { url: 'https://example.org' } }] });
  });

  it('property: a step key with a bare unoffered name beside valid arguments is never answered nor run', () => {
    const stepKey = fc.tuple(fc.constantFrom('', 'next_', 'data_', 'selected_', 'chosen'), fc.constantFrom('tool', 'source', 'action', 'function', 'route', 'Tool', 'Source'))
      // A lead word joins the step word at `_` or a camelCase hump (`chosenTool`); `chosentool` is one other word.
      .map(([lead, word]) => `${lead}${lead === 'chosen' ? word[0]!.toUpperCase() + word.slice(1) : word}`);
    const name = fc.stringMatching(/^[a-z][a-z0-9_]{1,14}$/).filter((candidate) => !tools.some((tool) => tool.name === candidate));
    const topic = fc.stringMatching(/^[A-Za-z0-9 ]{1,16}$/);
    fc.assert(
      fc.property(stepKey, name, topic, (key, tool, value) => {
        const result = read(JSON.stringify({ [key]: tool, topic: value }));
        expect(result.success, `${key}: ${tool}`).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
