/**
 * Calls written as an offered tool's name on its own line, then its JSON arguments (Functionary v3.2
 * with the `>>>` the template wrote, GLM-4's `name\n{..}`; `token-calls.ts`). Every such call in a
 * reply is read, or the reply is corrected: a reader that read only the first would run it and drop
 * the others.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'find_ferry', inputSchema: { type: 'object', properties: { port: { type: 'string' } } } },
  { name: 'roll_die', inputSchema: { type: 'object', properties: {} } },
];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 4 });
const calls = (text: string) => {
  const result = read(text);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])) : 'refused';
};

describe('name-line calls one after another', () => {
  it('reads each call that follows the one before it, blank lines or `>>>` between', () => {
    expect(calls('find_ferry\n{"port": "Bergen"}\nfind_ferry\n{"port": "Oslo"}')).toEqual([['find_ferry', { port: 'Bergen' }], ['find_ferry', { port: 'Oslo' }]]);
    expect(calls('find_ferry\n{"port": "Bergen"}\n\nroll_die\n{}')).toEqual([['find_ferry', { port: 'Bergen' }], ['roll_die', {}]]);
    expect(calls('find_ferry\n{"port": "Bergen"}\n>>>roll_die\n{}')).toEqual([['find_ferry', { port: 'Bergen' }], ['roll_die', {}]]);
  });

  it('corrects a later call that is cut off, names no offered tool, or follows prose', () => {
    expect(calls('find_ferry\n{"port": "Bergen"}\nfind_ferry\n{"port": "Os')).toBe('refused');
    expect(calls('find_ferry\n{"port": "Bergen"}\nbook_cabin\n{"deck": 2}')).toBe('refused');
    const result = read('find_ferry\n{"port": "Bergen"}\nThen I wait a little.\nroll_die\n{}');
    expect(result).toMatchObject({ success: false, error: { message: expect.stringContaining('`roll_die` follows prose') } });
  });

  it('keeps a name line after prose with no call before it for the call-attempt check (never read as a call)', () => {
    expect(read('To book, write:\nfind_ferry\n{"port": "Bergen"}').success).toBe(false);
  });

  it('property: n calls in a row are all read, in order; prose after the first is never a dropped call (fast-check)', () => {
    const call = fc.oneof(
      fc.stringMatching(/^[A-Za-z]{1,10}$/).map((port) => ({ text: `find_ferry\n${JSON.stringify({ port })}`, want: ['find_ferry', { port }] })),
      fc.constant({ text: 'roll_die\n{}', want: ['roll_die', {}] }),
    );
    const gap = fc.constantFrom('\n', '\n\n', '\n  \n', '\n>>>');
    fc.assert(
      fc.property(fc.array(fc.tuple(call, gap), { minLength: 1, maxLength: 4 }), fc.option(fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{2,20}$/)), (pieces, prose) => {
        const text = pieces.map(([piece], index) => (index === 0 ? piece.text : `${pieces[index - 1]?.[1] ?? '\n'}${piece.text}`)).join('');
        expect(calls(text), text).toEqual(pieces.map(([piece]) => piece.want));
        if (prose !== null && pieces.length > 1) {
          const split = text.indexOf('\n', text.indexOf('}')) + 1;
          const withProse = `${text.slice(0, split)}${prose}\n${text.slice(split).replace(/^\s*(?:>>>)?/, '')}`;
          const got = calls(withProse);
          if (got !== 'refused') expect(got, withProse).toEqual(pieces.map(([piece]) => piece.want));
        }
      }),
    );
  });
});
