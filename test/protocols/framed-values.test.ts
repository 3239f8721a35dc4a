/**
 * Bare `<invoke>` calls (MiniMax M2's syntax, also inside another wrapper such as Dots3's
 * `<dots_function_call>`): a value standing on lines of its own (`<parameter name="city">\nOslo\n</parameter>`)
 * is read without that pair of line breaks, as those families' servers strip it (issue 25: a call runs
 * with the arguments its family's server reads). One break alone is text, and the families whose
 * templates write values bare between their tags (DSML, GLM, MiniCPM) keep them as written. Invoke and
 * parameter names may be quoted either way, as XML attributes are. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'send_note', inputSchema: { type: 'object', properties: { body: { type: 'string' }, copies: { type: 'integer' } }, required: ['body'] } },
];
const argsOf = (text: string): unknown => {
  const result = parseDecision('native', text, { tools });
  if (!result.success) return `refused: ${result.error.message}`;
  const [decision] = result.decisions;
  return decision?.action === 'call_tool' ? decision.args : decision?.action;
};

/** One call of `send_note` with `body` written as `value`, as a bare invoke in a few wrappers. */
const bareInvokes: Record<string, (value: string) => string> = {
  'in an unknown wrapper': (value) => `<note_call>\n<invoke name="send_note">\n<parameter name="body">${value}</parameter>\n</invoke>\n</note_call>`,
  'with no wrapper': (value) => `<invoke name="send_note"><parameter name="body">${value}</parameter></invoke>`,
};
/** Families whose values are kept exactly as written. */
const asWritten: Record<string, (value: string) => string> = {
  'DSML invoke': (value) => `<｜DSML｜function_calls>\n<｜DSML｜invoke name="send_note">\n<｜DSML｜parameter name="body" string="true">${value}</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>`,
  'GLM arg_value': (value) => `<tool_call>send_note\n<arg_key>body</arg_key>\n<arg_value>${value}</arg_value>\n</tool_call>`,
  'MiniCPM function name=': (value) => `<function name="send_note"><param name="body">${value}</param></function>`,
};

describe('bare invoke values framed by line breaks', () => {
  it('reads a value on lines of its own without the pair of breaks around it', () => {
    for (const [name, write] of Object.entries(bareInvokes)) {
      expect(argsOf(write('\nfirst line\nsecond line\n')), name).toEqual({ body: 'first line\nsecond line' });
      expect(argsOf(write('\r\nfirst line\r\n')), name).toEqual({ body: 'first line' });
    }
  });

  it('keeps one break alone as text, and other families\' values as written', () => {
    for (const [name, write] of Object.entries(bareInvokes)) {
      expect(argsOf(write('\nindented after a break')), name).toEqual({ body: '\nindented after a break' });
      expect(argsOf(write('ends with a break\n')), name).toEqual({ body: 'ends with a break\n' });
    }
    for (const [name, write] of Object.entries(asWritten)) expect(argsOf(write('\nkept\n')), name).toEqual({ body: '\nkept\n' });
  });

  it("reads an integer on lines of its own by the tool's schema", () => {
    const text = '<note_call>\n<invoke name="send_note">\n<parameter name="body">hi</parameter>\n<parameter name="copies">\n3\n</parameter>\n</invoke>\n</note_call>';
    expect(argsOf(text)).toEqual({ body: 'hi', copies: 3 });
  });

  it('reads invoke and parameter names in single quotes', () => {
    expect(argsOf("<note_call>\n<invoke name='send_note'>\n<parameter name='body'>hi</parameter>\n</invoke>\n</note_call>")).toEqual({ body: 'hi' });
    // Quotes that do not match are no name: the call is not read as one.
    expect(argsOf(`<note_call>\n<invoke name='send_note">\n<parameter name="body">hi</parameter>\n</invoke>\n</note_call>`)).toMatch(/^refused/);
  });

  it('property: a value written on its own lines reads back as written between them', () => {
    const line = fc.string({ minLength: 1, maxLength: 10 }).filter((text) => !/[<>&\r\n]/.test(text) && text.trim() === text && text !== '');
    const value = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(value, fc.constantFrom(...Object.keys(bareInvokes)), fc.boolean(), (body, name, framed) => {
        const write = bareInvokes[name];
        if (!write) throw new Error(name);
        expect(argsOf(write(framed ? `\n${body}\n` : body))).toEqual({ body });
      }),
      { numRuns: 300 },
    );
  });
});
