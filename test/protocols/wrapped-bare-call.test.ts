/**
 * A reply that is one element or token pair named for a call around calls reins reads bare, a list of
 * keyword calls included (`wrapped-bare-call.ts`): read whole; anything else inside, an unclosed wrapper, or an element named
 * for a result is never run as a call.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'ring_bell', inputSchema: { type: 'object', properties: { times: { type: 'number' }, tone: { type: 'string' } }, required: ['times'] } }];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });
const ranCall = (text: string) => {
  const result = parse(text);
  return result.success && result.decisions.some((decision) => decision.action === 'call_tool');
};

describe('bare calls inside a call wrapper', () => {
  it('reads name-then-JSON and keyword calls inside any element or token pair named for a call', () => {
    expect(parse('<function_call>ring_bell{"times": 2}</function_call>')).toMatchObject({ success: true, decision: { tool: 'ring_bell', args: { times: 2 } } });
    expect(parse('<|tool_call|>ring_bell(times=3, tone="low")<|/tool_call|>')).toMatchObject({ success: true, decision: { tool: 'ring_bell', args: { times: 3, tone: 'low' } } });
    expect(parse('<ToolInvocation>ring_bell{"times": 1}</ToolInvocation>')).toMatchObject({ success: true, decision: { tool: 'ring_bell', args: { times: 1 } } });
    expect(parse('<tool_call>[ring_bell(times=2), ring_bell(times=5)]</tool_call>')).toMatchObject({ success: true, decisions: [{ args: { times: 2 } }, { args: { times: 5 } }] });
  });

  it('never runs a call with text beside it inside, cut off, or in an element named for a result (fast-check)', () => {
    const wrapper = fc.constantFrom(['<function_call>', '</function_call>'], ['<|tool_call|>', '<|/tool_call|>'], ['<api_call>', '</api_call>']);
    const form = fc.constantFrom((times: number) => `ring_bell{"times": ${times}}`, (times: number) => `ring_bell(times=${times})`, (times: number) => `[ring_bell(times=${times})]`);
    fc.assert(
      fc.property(wrapper, form, fc.integer({ min: 1, max: 9 }), fc.nat(), ([open, close], write, times, at) => {
        const call = write(times);
        expect(parse(`${open}${call}${close}`)).toMatchObject({ success: true, decision: { tool: 'ring_bell', args: { times } } });
        expect(ranCall(`${open}${call} then wait${close}`)).toBe(false);
        expect(ranCall(`<tool_result>ring_bell{"times": ${times}}</tool_result>`)).toBe(false);
        const whole = `${open}${call}${close}`;
        const cut = whole.slice(0, open.length + (at % (call.length - 1)));
        expect(ranCall(cut), cut).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('only the wrapper\'s reader widens a partial reading: a special token in the prose after a call stays a correction', () => {
    // The JSON reader reads the same call out of the <tool_call> block; it must not turn the correction into a run.
    for (const call of ['<tool_call>\n{"name": "ring_bell", "arguments": {"times": 2}}\n</tool_call>', '[TOOL_CALLS][{"name": "ring_bell", "arguments": {"times": 2}}]']) {
      for (const token of ['<|end_message|>', '<|plugin|>', '<|python_tag|>']) {
        const result = parse(`${call}\nDone ${token} ok`);
        expect(result.success, `${call} ${token}`).toBe(false);
        if (!result.success) expect(result.error.message).toContain(token);
      }
    }
  });

  it('reads a keyword call on its own lines inside <tool_call> or <function_calls>, as on one line', () => {
    expect(parse('<tool_call>\nring_bell(times=4, tone="high")\n</tool_call>')).toMatchObject({ success: true, decision: { tool: 'ring_bell', args: { times: 4, tone: 'high' } } });
    expect(parse('<tool_calls>\n  ring_bell(times=1)\n  ring_bell(times=2)\n</tool_calls>')).toMatchObject({ success: true, decisions: [{ tool: 'ring_bell', args: { times: 1 } }, { tool: 'ring_bell', args: { times: 2 } }] });
    // A later reader's reading of other calls never replaces the correction of a partial reading.
    expect(ranCall('<tool_call>\nring_bell(times=4)\nand then ring it again\n</tool_call>')).toBe(false);
  });

  it('line breaks and space around the calls inside a wrapper never change the reading (fast-check)', () => {
    const wrapper = fc.constantFrom(['<tool_call>', '</tool_call>'], ['<tool_calls>', '</tool_calls>'], ['<function_call>', '</function_call>'], ['<|tool_call|>', '<|/tool_call|>']);
    const form = fc.constantFrom((times: number) => `ring_bell{"times": ${times}}`, (times: number) => `ring_bell(times=${times})`, (times: number) => `ring_bell(times=${times}, tone='low')`, (times: number) => `[ring_bell(times=${times})]`);
    const space = fc.constantFrom('', ' ', '\n', '\n\n', '\n  ', '\t\n');
    fc.assert(
      fc.property(wrapper, form, fc.integer({ min: 1, max: 9 }), space, space, ([open, close], write, times, before, after) => {
        const call = write(times);
        const tight = parse(`${open}${call}${close}`);
        const loose = parse(`${open}${before}${call}${after}${close}`);
        expect(tight.success).toBe(true);
        expect(loose.success && loose.decisions).toEqual(tight.success && tight.decisions);
      }),
      { numRuns: 150 },
    );
  });
});
