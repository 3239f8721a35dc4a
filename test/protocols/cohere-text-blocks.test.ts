/**
 * Command R / Command A replies: `<|START_RESPONSE|>` and `<|START_TEXT|>` blocks of text stand before,
 * between and after `<|START_ACTION|>` blocks; they are the reply's prose around the calls. A call
 * attempt inside such a block is still found.
 */
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = ['rank_items', 'archive'].map((name) => ({ name, inputSchema: { type: 'object' } }));
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const action = (name: string, args: object) => `<|START_ACTION|>${JSON.stringify({ tool_name: name, parameters: args })}<|END_ACTION|>`;

describe('Command R text blocks around actions', () => {
  it('reads actions with text blocks before, between and after them', () => {
    const text = `<|START_RESPONSE|>Ranking first.<|END_RESPONSE|>\n${action('rank_items', { by: 'date' })}\n<|START_RESPONSE|>Then archiving.<|END_RESPONSE|>\n${action('archive', { id: 7 })}\n<|START_TEXT|>Both are queued.<|END_TEXT|>`;
    const result = parse(text);
    expect(result.success && result.decisions.map((decision) => decision.action === 'call_tool' && [decision.tool, decision.args])).toEqual([
      ['rank_items', { by: 'date' }],
      ['archive', { id: 7 }],
    ]);
  });

  it('still corrects a call attempt written inside a text block', () => {
    const text = `${action('rank_items', { by: 'date' })}\n<|START_TEXT|>and <tool_call>{"name": "archive"<|END_TEXT|>`;
    expect(parse(text).success).toBe(false);
  });
});
