/**
 * A parameter element's own `string="true|false"` type attribute (DSML's, which Doubao Seed also
 * writes inside `<function name="..">`) decides whether its value is text or JSON, in every element
 * form that carries one and before any family's default for an untyped value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

// Untyped properties: only the attribute can say what the value is.
const tools: ToolSpec[] = [{ name: 'tag_item', inputSchema: { type: 'object', properties: { code: {}, labels: {} } } }];
const parse = (text: string) => parseDecision('native', text, { tools });

/** One call of `tag_item` with the parameter `code` in each element form. */
const forms = [
  (hint: string, value: string) => `<function name="tag_item"><parameter name="code" string="${hint}">${value}</parameter></function>`,
  (hint: string, value: string) => `seed:tool_call<function name="tag_item"><param name="code" string="${hint}">${value}</param></function></seed:tool_call>`,
  (hint: string, value: string) => `<minimax:tool_call>\n<invoke name="tag_item">\n<parameter name="code" string="${hint}">${value}</parameter>\n</invoke>\n</minimax:tool_call>`,
  (hint: string, value: string) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="tag_item">\n<｜DSML｜parameter name="code" string="${hint}">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`,
];

describe('the string= type attribute on a parameter element', () => {
  it('keeps a number-looking value as text under string="true" and reads JSON under string="false"', () => {
    const text = 'seed:tool_call<function name="tag_item"><parameter name="code" string="true">0042</parameter><parameter name="labels" string="false">["a", "b"]</parameter></function></seed:tool_call>';
    expect(parse(text)).toMatchObject({ success: true, decision: { tool: 'tag_item', args: { code: '0042', labels: ['a', 'b'] } } });
  });

  it('decides the value in every element form (fast-check)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...forms), fc.integer({ min: 1, max: 99999 }), (form, number) => {
        const asText = parse(form('true', String(number)));
        expect(asText, form('true', String(number))).toMatchObject({ success: true, decision: { args: { code: String(number) } } });
        const asJson = parse(form('false', String(number)));
        expect(asJson, form('false', String(number))).toMatchObject({ success: true, decision: { args: { code: number } } });
      }),
      { numRuns: 60 },
    );
  });
});
