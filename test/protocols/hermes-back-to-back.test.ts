/**
 * Whole JSON call objects written back to back inside one `<tool_call>` block (only space between
 * them, as Groq's tool-use template renders parallel calls) are the block's calls, in order. Anything
 * else after the first object (prose, an object that is no call, one cut off) is still corrected.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'feed_cat', inputSchema: { type: 'object', properties: { bowl: { type: 'string' } } } },
  { name: 'dim_lights', inputSchema: { type: 'object', properties: { level: { type: 'integer' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const feed = '{"name": "feed_cat", "arguments": {"bowl": "blue"}}';
const dim = '{"name": "dim_lights", "arguments": {"level": 3}}';
const toolsOf = (text: string) => {
  const result = parse(text);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? decision.tool : decision.action)) : 'refused';
};

describe('call objects back to back in one <tool_call> block', () => {
  it('are each read, in order', () => {
    expect(parse(`<tool_call>\n${feed}${dim}\n</tool_call>`)).toMatchObject({
      success: true,
      decisions: [
        { tool: 'feed_cat', args: { bowl: 'blue' } },
        { tool: 'dim_lights', args: { level: 3 } },
      ],
    });
    expect(toolsOf(`<tool_call>${dim}\n${feed}\n${dim}</tool_call>`)).toEqual(['dim_lights', 'feed_cat', 'dim_lights']);
  });

  it.each([
    ['prose between them', `<tool_call>${feed} then ${dim}</tool_call>`],
    ['an object that is no call', `<tool_call>${feed}{"level": 3}</tool_call>`],
    ['a second object cut off', `<tool_call>${feed}${dim.slice(0, -3)}</tool_call>`],
    ['a second object cut off at the end of the reply', `<tool_call>${feed}${dim.slice(0, -2)}`],
  ])('with %s, are corrected', (_label, text) => {
    expect(parse(text).success).toBe(false);
  });

  it('never run the first call alone when the second is cut anywhere (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: dim.length - 1 }), fc.constantFrom('', '\n', ' '), fc.boolean(), (cut, gap, closed) => {
        const result = parse(`<tool_call>${feed}${gap}${dim.slice(0, cut)}${closed ? '</tool_call>' : ''}`);
        expect(result.success && result.decisions.length === 1).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
