/**
 * A call of a tool nobody offered, in a line shape no prose takes (`unknown-tool-call-line.ts`): a
 * label that says "call" then a Python-style call, or a bracket action assigned to a plan variable.
 * It is corrected as an unknown tool, never returned as the answer; prose that only looks alike stays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'find_ferry', inputSchema: { type: 'object', properties: { port: { type: 'string' } } } }];
const parse = (text: string) => parseDecision('native', text, { tools });

describe('a call of a tool not offered, alone on a call line', () => {
  it.each([
    ['a call label and keyword arguments', "Call: book_cabin(deck=2, berth='lower')"],
    ['an action label in markdown emphasis', '**Action:** book_cabin(deck=2)'],
    ['a request label and no arguments', 'Sure.\nAPI-Request: [cancel_trip()]'],
    ['a call label qualified by a title-case word', "Action: board the ferry.\nGrounded Operation: book_cabin(deck=2, berth='lower')"],
    ['a plan step assigned to an evidence variable', 'Plan: reserve a berth.\n#E1 = book_cabin[lower berth, deck 2]'],
  ])('%s is corrected as an unknown tool', (_label, text) => {
    const result = parse(text);
    expect(result, text).toMatchObject({ success: false, error: { kind: 'unknown-tool', toolName: expect.stringMatching(/^(?:book_cabin|cancel_trip)$/) } });
    if (!result.success) expect(result.error.message, text).toMatch(/available: find_ferry/);
  });

  it.each([
    ['a label before prose with parentheses', 'Call: me later (after nine).'],
    ['a call inside a sentence', 'The call: print(x=1) is what I meant.'],
    ['a lower-case phrase before a call word', 'the next call: print(x=1)'],
    ['a call quoted as inline code', 'Write `Call: book_cabin(deck=2)` to book.'],
    ['an assignment in prose', 'Then total = prices[0] plus tax.'],
  ])('%s stays the answer', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decision.action, text).toBe('answer_user');
  });

  it('property: any name no tool has, on a call line with keyword arguments, is never the answer (fast-check)', () => {
    const label = fc.constantFrom('Call', 'Action', 'Function call', 'Tool', 'Invoke', 'API-Request', 'Grounded Operation', 'Next Action');
    const name = fc.stringMatching(/^[a-z][a-z_]{2,12}$/).filter((candidate) => candidate !== 'find_ferry');
    const before = fc.constantFrom('', 'Thinking it over.\n', 'Plan: act now.\n');
    fc.assert(
      fc.property(label, name, fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9 ]{0,10}$/), before, (tag, tool, key, value, lead) => {
        for (const text of [`${lead}${tag}: ${tool}(${key}="${value}")`, `${lead}#E1 = ${tool}[${value || 'x'}]`]) {
          const result = parse(text);
          expect(result.success, text).toBe(false);
          if (!result.success) expect(result.error.toolName, text).toBe(tool);
        }
      }),
    );
  });
});
