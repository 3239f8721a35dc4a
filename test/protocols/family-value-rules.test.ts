/**
 * Values read as the family's own parser reads them (issue 25, "untyped values: follow each family's
 * own server"): MiniMax M2 strips the space around a value and keeps a value whose property has no
 * `type` as text; LongCat strips too and reads an untyped value as JSON where it parses. Other invoke
 * dialects (DeepSeek DSML) keep their values as written.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'book_room', inputSchema: { type: 'object', properties: { hotel: { type: 'string' }, nights: { type: 'integer' }, note: {} } } },
];
const argsOf = (text: string) => {
  const result = parseDecision('native', text, { tools });
  if (!result.success) return `refused: ${result.error.message}`;
  const [decision] = result.decisions;
  return decision?.action === 'call_tool' ? decision.args : decision?.action;
};
const minimax = (params: string, quote = '"') =>
  `<minimax:tool_call>\n<invoke name=${quote}book_room${quote}>\n${params}\n</invoke>\n</minimax:tool_call>`;
const longcat = (pairs: Array<[string, string]>) =>
  `<longcat_tool_call>book_room\n${pairs.map(([key, value]) => `<longcat_arg_key>${key}</longcat_arg_key>\n<longcat_arg_value>${value}</longcat_arg_value>`).join('\n')}\n</longcat_tool_call>`;

describe('MiniMax M2 values', () => {
  it('drops the space around a value, and keeps an untyped or undeclared value as text', () => {
    expect(argsOf(minimax('<parameter name="hotel">\n  Harbour View \n</parameter>\n<parameter name="nights"> 4 </parameter>'))).toEqual({ hotel: 'Harbour View', nights: 4 });
    expect(argsOf(minimax('<parameter name="note">42</parameter>\n<parameter name="floor">7</parameter>'))).toEqual({ note: '42', floor: '7' });
  });

  it("reads names in single quotes, as its parser's extract_name does", () => {
    expect(argsOf(minimax("<parameter name='hotel'>Dune Inn</parameter>", "'"))).toEqual({ hotel: 'Dune Inn' });
  });

  it('leaves other invoke dialects as written, also beside a MiniMax block', () => {
    const dsml = '<｜DSML｜function_calls>\n<｜DSML｜invoke name="book_room">\n<｜DSML｜parameter name="hotel" string="true"> Dune Inn </｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
    expect(argsOf(dsml)).toEqual({ hotel: ' Dune Inn ' });
    const both = parseDecision('native', `${minimax('<parameter name="hotel"> Harbour View </parameter>')}\n${dsml}`, { tools, maxActions: 2 });
    expect(both.success && both.decisions.map((decision) => (decision.action === 'call_tool' ? decision.args : undefined))).toEqual([{ hotel: 'Harbour View' }, { hotel: ' Dune Inn ' }]);
  });

  it('refuses a DSML value marked string="false" that opens JSON it never finishes, naming the parameter', () => {
    const dsml = (note: string) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="book_room">\n<｜DSML｜parameter name="note" string="false">${note}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`;
    for (const note of ['{"floor": }', '{"floor": "se']) {
      const result = parseDecision('native', dsml(note), { tools });
      expect(result.success, note).toBe(false);
      if (!result.success) expect(result.error.message).toMatch(/note[\s\S]*string="false"/);
    }
    expect(argsOf(dsml('{"floor": 2}'))).toEqual({ note: { floor: 2 } });
  });

  it('property: a string value reads back without its surrounding space, an untyped one as its text', () => {
    const value = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => !/[<>&\]]/.test(text) && text.trim() !== '');
    const pad = fc.constantFrom('', ' ', '\n', '\n  ', '\t');
    fc.assert(
      fc.property(value, value, pad, pad, (hotel, note, before, after) => {
        const args = argsOf(minimax(`<parameter name="hotel">${before}${hotel}${after}</parameter>\n<parameter name="note">${before}${note}${after}</parameter>`));
        expect(args).toEqual({ hotel: hotel.trim(), note: note.trim() });
      }),
      { numRuns: 300 },
    );
  });
});

describe('LongCat values', () => {
  it('drops the space around a value and reads an untyped value as JSON where it parses', () => {
    expect(argsOf(longcat([['hotel', '  Harbour View  '], ['nights', ' 2 '], ['note', ' [1, 2] ']]))).toEqual({ hotel: 'Harbour View', nights: 2, note: [1, 2] });
    expect(argsOf(longcat([['note', ' late check-in ']]))).toEqual({ note: 'late check-in' });
  });
  it("reads a key whose closing tag is left out right before its value, and refuses a value left open", () => {
    expect(argsOf('<longcat_tool_call>book_room\n<longcat_arg_key>hotel<longcat_arg_value>Dune Inn</longcat_arg_value>\n</longcat_tool_call>')).toEqual({ hotel: 'Dune Inn' });
    expect(argsOf('<longcat_tool_call>book_room\n<longcat_arg_key>hotel</longcat_arg_key><longcat_arg_value>Dune Inn\n</longcat_tool_call>')).toMatch(/^refused/);
  });
});
