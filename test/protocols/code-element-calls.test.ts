/**
 * Python-style calls of offered tools in a `<code>` element closing the reply (SmolLM3's python
 * tools) are those calls; any other code there stays a correction, and a `<code>` element of a tool
 * named `code` stays that tool's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'ferry_times', inputSchema: { type: 'object', properties: { harbour: { type: 'string' }, day: { type: 'integer' } } } },
  { name: 'ticket_price', inputSchema: { type: 'object', properties: { route: { type: 'string' } } } },
];
const parse = (text: string, offered = tools) => parseDecision('native', text, { tools: offered, maxActions: 3 });

describe('calls in a <code> element', () => {
  it('are read in order, printed or not, with the prose before as the plan', () => {
    const result = parse('Two lookups.\n<code>\nprint(ferry_times(harbour="Hel", day=2))\nticket_price(route="Hel-Tal")\n</code>');
    expect(result).toMatchObject({
      success: true,
      decisions: [
        { tool: 'ferry_times', args: { harbour: 'Hel', day: 2 } },
        { tool: 'ticket_price', args: { route: 'Hel-Tal' } },
      ],
    });
    expect(result.success && result.thoughts.map((thought) => thought.content)).toEqual(['Two lookups.']);
  });

  it.each([
    ['an assignment', '<code>\ntimes = ferry_times(harbour="Hel")\nprint(times)\n</code>'],
    ['the element inside a sentence', 'Run <code>ferry_times(harbour="Hel")</code> to see them.'],
  ])('with %s, are corrected, never answered', (_label, text) => {
    expect(parse(text).success).toBe(false);
  });

  it('bind positional literals to the declared parameters in order, as Python does (`positional-arguments.ts`)', () => {
    for (const text of ['<code>ferry_times("Hel", 2)</code>', '<code>\nferry_times("Hel", day=2)\n</code>']) {
      expect(parse(text), text).toMatchObject({ success: true, decisions: [{ tool: 'ferry_times', args: { harbour: 'Hel', day: 2 } }] });
    }
  });

  it('stay the element of a tool named code', () => {
    const code: ToolSpec = { name: 'code', inputSchema: { type: 'object', properties: { script: { type: 'string' } } } };
    expect(parse('<code>ferry_times(harbour="Hel")</code>', [code, ...tools])).toMatchObject({ success: true, decision: { tool: 'code' } });
  });

  it('read the same as the calls in a tool_code fence (property)', () => {
    const call = fc.record({ harbour: fc.stringMatching(/^[A-Z][a-z]{1,8}$/), day: fc.integer({ min: 0, max: 6 }) });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 3 }), (calls) => {
        const body = calls.map((args) => `ferry_times(harbour="${args.harbour}", day=${args.day})`).join('\n');
        const element = parse(`<code>\n${body}\n</code>`);
        const fence = parse(`\`\`\`tool_code\n${body}\n\`\`\``);
        expect(element.success && element.decisions).toEqual(fence.success && fence.decisions);
        expect(element.success && element.decisions.length).toBe(calls.length);
      }),
      { numRuns: 60 },
    );
  });
});
