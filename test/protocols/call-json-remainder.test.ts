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

  it('is refused for a JSON agent step, a token call and a [TOOL_CALLS] call alike', () => {
    expect(read('{"action": "resize", "action_input": {"width": 640}\n{"height": 480}}')).toMatchObject({ success: false, error: { message: expect.stringContaining('holds more than steps') } });
    expect(read('<|channel|>commentary to=functions.resize <|constrain|>json<|message|>{"width": 640}\n{"height": 480}<|call|>')).toMatchObject({ success: false, error: { message: expect.stringContaining('a second JSON value') } });
    expect(read('[TOOL_CALLS]resize{"width": 640}\n{"height": 480}')).toMatchObject({ success: false, error: { message: expect.stringContaining('a second JSON value') } });
    expect(read('[TOOL_CALLS] [{"name": "resize", "arguments": {"width": 640}}] [{"name": "resize", "arguments": {"height": 480}}]')).toMatchObject({ success: false });
  });

  it('keeps reading the markers and answers that follow a call', () => {
    const marked = read('[TOOL_CALLS]resize{"width": 640}[TOOL_CALLS]resize{"height": 480}');
    expect(marked.success && marked.decisions.length).toBe(2);
    expect(read('[TOOL_CALLS] [{"name": "resize", "arguments": {"width": 640}}][/TOOL_CALLS]')).toMatchObject({ success: true, decision: { args: { width: 640 } } });
    const harmony = read('<|channel|>commentary to=functions.resize<|message|>{"width": 640}<|end|><|start|>assistant<|message|>Resized.<|end|>');
    expect(harmony).toMatchObject({ success: true, decision: { args: { width: 640 } } });
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

  it('property: a second object right after a call\'s arguments never runs the call without it, in every form that names the tool first', () => {
    const forms: ReadonlyArray<(args: string) => string> = [
      (args) => `<|channel|>commentary to=functions.resize <|constrain|>json<|message|>${args}<|call|>`,
      (args) => `<|tool_calls_section_begin|><|tool_call_begin|>functions.resize:0<|tool_call_argument_begin|>${args}<|tool_call_end|><|tool_calls_section_end|>`,
      (args) => `[TOOL_CALLS]resize${args}`,
      (args) => `[TOOL_CALLS]resize[ARGS]${args}`,
      (args) => `{"action": "resize", "action_input": ${args}}`,
    ];
    const size = fc.integer({ min: 1, max: 4096 });
    fc.assert(
      fc.property(size, size, fc.constantFrom('', ' ', '\n'), fc.nat(forms.length - 1), (width, height, gap, index) => {
        const result = read(forms[index]!(`{"width": ${width}}${gap}{"height": ${height}}`));
        if (result.success && result.decision.action === 'call_tool') expect(result.decision.args).toEqual({ width, height });
      }),
      { numRuns: 200 },
    );
  });
});
