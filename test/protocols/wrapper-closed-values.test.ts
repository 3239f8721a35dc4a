/**
 * A `<function=..>` call element left open inside a closed `<tool_call>` ends at the wrapper's close,
 * its last value with it: the wrapper's close says the reply was not cut off. A body of bare text in
 * the element is no parameter and stays a correction (a Llama-style tag whose body is not JSON may be
 * prose: which field it would fill is not reins' guess).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'open_page', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } },
  { name: 'move_card', inputSchema: { type: 'object', properties: { card: { type: 'string' }, column: { type: 'string' } }, required: ['card', 'column'] } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const call = (tool: string, args: Record<string, unknown>) => ({ success: true, decisions: [{ action: 'call_tool', tool, args }] });

describe('a call element left open inside a closed wrapper', () => {
  it('ends its last value at the wrapper close, the space before that tag not part of the value', () => {
    expect(read('<tool_call><function=move_card><parameter=card>7</parameter><parameter=column>done  </tool_call>')).toMatchObject(call('move_card', { card: '7', column: 'done' }));
    expect(read('<tool_call>\n<function=move_card>\n<parameter=card>\n12\n</parameter>\n<parameter=column>\nreview\n</tool_call>')).toMatchObject(call('move_card', { card: '12', column: 'review' }));
  });

  it('is still cut off when no wrapper closes it', () => {
    expect(read('<tool_call>\n<function=move_card>\n<parameter=card>\n12\n</parameter>\n<parameter=column>\nreview')).toMatchObject({ success: false });
  });

  it('keeps a body of bare text a correction, never one field of the tool', () => {
    expect(read('<function=open_page>https://example.org</function>')).toMatchObject({ success: false });
    expect(read('<tool_call>\n<function=open_page>https://example.org\n</tool_call>')).toMatchObject({ success: false });
  });

  it('reads any last value up to the wrapper close, and refuses it without one (fast-check)', () => {
    const value = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ./?=&-]{0,30}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(value, value, fc.constantFrom('', '\n'), (card, column, gap) => {
        const open = `<tool_call>${gap}<function=move_card>${gap}<parameter=card>${card}</parameter>${gap}<parameter=column>${column}${gap}`;
        expect(read(`${open}</tool_call>`), open).toMatchObject(call('move_card', { card, column }));
        expect(read(open).success, open).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
