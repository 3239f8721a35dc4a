/**
 * ReWOO planner output (`rewoo-plan.ts`): `Plan:` lines, each followed by `#E<n> = Tool[input]`. Every
 * step is a call, or the plan is corrected: a step using an earlier step's result, an input not closed
 * at its line's end, an unknown tool, or steps among other prose are never run as written nor answered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = ['Atlas', 'Almanac'].map((name) => ({ name, inputSchema: { type: 'object', properties: { input: { type: 'string' } } } }));
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const calls = (text: string) => {
  const result = read(text);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args, decision.reason] : [decision.action])) : 'refused';
};

describe('ReWOO plans', () => {
  it('reads each step as a call of its tool with the bracketed input, its plan line as the reason', () => {
    expect(calls('Plan: Find the harbour.\n#E1 = Atlas[harbour of Bergen (Norway)]')).toEqual([['Atlas', { input: 'harbour of Bergen (Norway)' }, 'Find the harbour.']]);
    expect(calls('Plan: Map it.\n#E1 = Atlas[Bergen]\n\nPlan: Tides too.\n#E2 = Almanac[tides in Bergen]')).toEqual([
      ['Atlas', { input: 'Bergen' }, 'Map it.'],
      ['Almanac', { input: 'tides in Bergen' }, 'Tides too.'],
    ]);
  });

  it('corrects a step that uses an earlier result, an input left open, an unknown tool, and steps among prose', () => {
    const uses = read('Plan: Map it.\n#E1 = Atlas[Bergen]\nPlan: Tides there.\n#E2 = Almanac[tides at #E1]');
    expect(uses).toMatchObject({ success: false, error: { message: expect.stringContaining('#E2 uses #E1') } });
    for (const text of ['Plan: Map it.\n#E1 = Atlas[Bergen and', 'Plan: Map it.\n#E1 = Chart[Bergen]', 'Plan: Map it.\n#E1 = Atlas[Bergen]\nI will wait for it.']) {
      expect(calls(text), text).toBe('refused');
    }
  });

  it('property: a plan of independent steps is read step by step; cut inside a step, it never runs (fast-check)', () => {
    const step = fc.tuple(fc.constantFrom('Atlas', 'Almanac'), fc.stringMatching(/^[A-Za-z][A-Za-z ,()]{0,20}$/), fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}$/));
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 3 }), fc.nat(), (steps, cut) => {
        const text = steps.map(([tool, input, why], index) => `Plan: ${why}\n#E${index + 1} = ${tool}[${input}]`).join('\n');
        expect(calls(text), text).toEqual(steps.map(([tool, input, why]) => [tool, { input }, why.trim()]));
        const last = text.lastIndexOf('[');
        const short = text.slice(0, last + 1 + (cut % (text.length - last - 1)));
        expect(calls(short), short).toBe('refused');
      }),
    );
  });
});
