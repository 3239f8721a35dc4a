/**
 * A call's JSON that holds more than calls (issue 25, "guesses inside JSON"): a list item beside a call
 * that is no call, or one written object that the repair splits in two, is refused, never run with the
 * rest dropped.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'resize', inputSchema: { type: 'object', properties: { width: {}, height: {} } } }];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const wrappers: ReadonlyArray<(json: string) => string> = [
  (json) => json,
  (json) => `<tool_call>${json}</tool_call>`,
  (json) => `<|python_tag|>${json}`,
  (json) => `\`\`\`json\n${json}\n\`\`\``,
  (json) => `Resizing now.\n${json}`,
];

describe('the JSON of a call that holds more than calls', () => {
  it('is refused where a second object sits inside the written one (the repair would split it)', () => {
    for (const wrap of wrappers) {
      const result = read(wrap('{"name": "resize", "arguments": {"width": 640}\n{"height": 480}}'));
      expect(result, wrap('..')).toMatchObject({ success: false, error: { message: expect.stringContaining('holds more than calls') } });
    }
  });

  it('is refused where a list holds an item that is no call beside calls', () => {
    expect(read('[{"name": "resize", "arguments": {"width": 640}}, {"height": 480}]')).toMatchObject({ success: false });
    expect(read('<tool_call>[{"name": "resize", "arguments": {"width": 640}}\n{"height": 480}]</tool_call>')).toMatchObject({ success: false });
  });

  it('reads a list of calls, and a call beside an object written after it, as before', () => {
    const two = read('[{"name": "resize", "arguments": {"width": 640}}, {"name": "resize", "arguments": {"height": 480}}]');
    expect(two.success && two.decisions.length).toBe(2);
    expect(read('{"name": "resize", "arguments": {"width": 640}}')).toMatchObject({ success: true, decision: { args: { width: 640 } } });
    // A cut-off call keeps its own correction.
    expect(read('{"name": "resize", "arguments": {"width": 640}\n{"height": 480}')).toMatchObject({ success: false, error: { message: expect.stringContaining('cut off') } });
  });

  it('property: an object written inside a call after its arguments never runs the call without it', () => {
    const key = fc.constantFrom('width', 'height');
    const value = fc.oneof(fc.integer({ min: 0, max: 5000 }), fc.string({ maxLength: 8 }).filter((text) => !/["\\]/.test(text)));
    fc.assert(
      fc.property(key, value, key, value, fc.constantFrom('\n', '\n\n', '\r\n'), fc.nat(wrappers.length - 1), (firstKey, first, secondKey, second, gap, index) => {
        const json = `{"name": "resize", "arguments": ${JSON.stringify({ [firstKey]: first })}${gap}${JSON.stringify({ [secondKey]: second })}}`;
        const result = read(wrappers[index]!(json));
        expect(result.success).toBe(false);
      }),
      { numRuns: 200 },
    );
  });
});
