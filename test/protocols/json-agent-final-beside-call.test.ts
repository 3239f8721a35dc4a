/**
 * LangChain's JSON agent: a "Final Answer" step beside a step calling a tool answers before the
 * tool's result is known; as in ReAct text, one is allowed and the turn is corrected.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [{ name: 'rain_gauge', inputSchema: { type: 'object', properties: { station: { type: 'string' } } } }];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const call = JSON.stringify({ action: 'rain_gauge', action_input: { station: 'Bergen' } });
const finish = JSON.stringify({ action: 'Final Answer', action_input: 'It rained 4 mm.' });

describe('a JSON agent turn with a final answer beside a call', () => {
  it('is corrected, in either order, listed or one after the other', () => {
    for (const text of [`${call}\n${finish}`, `${finish}\n${call}`, `[${call}, ${finish}]`]) {
      expect(parse(text), text).toMatchObject({ success: false, error: { kind: 'too-many-actions' } });
    }
  });

  it('keeps reading a call alone and an answer alone', () => {
    expect(parse(call)).toMatchObject({ success: true, decision: { tool: 'rain_gauge' } });
    expect(parse(finish)).toMatchObject({ success: true, decision: { action: 'answer_user', answer: 'It rained 4 mm.' } });
  });

  it('never runs a call and answers in the same turn (property)', () => {
    const step = fc.oneof(fc.constant(call), fc.constant(finish));
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', ' ', '\n\n'), (steps, gap) => {
        const result = parse(steps.join(gap));
        const kinds = new Set(result.success ? result.decisions.map((decision) => decision.action) : []);
        expect(kinds.has('call_tool') && kinds.has('answer_user')).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
