/**
 * browser-use's agent turn: a JSON object whose `action` list holds tool-keyed items, beside the
 * agent's state as text. Every key is accounted for (the items are the calls, the state is thought);
 * anything else in the turn is a correction, never dropped nor answered.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'open_page', inputSchema: { type: 'object', properties: { address: { type: 'string' } }, required: ['address'] } },
  { name: 'press', inputSchema: { type: 'object', properties: { element: { type: 'integer' } }, required: ['element'] } },
  { name: 'finish', inputSchema: { type: 'object', properties: { summary: { type: 'string' } } } },
];
const parse = (text: string, maxActions = 3) => parseDecision('native', text, { tools, maxActions });
const turn = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe('an agent turn with a tool-keyed action list', () => {
  it('reads each item as a call, in order, and the state as thoughts', () => {
    const result = parse(turn({ memory: 'On the start page.', next_goal: 'Open the docs.', action: [{ open_page: { address: 'https://docs.example' } }, { press: { element: 4 } }] }));
    expect(result).toMatchObject({
      success: true,
      decisions: [
        { tool: 'open_page', args: { address: 'https://docs.example' } },
        { tool: 'press', args: { element: 4 } },
      ],
    });
    expect(result.success && result.thoughts.map((thought) => thought.content)).toEqual(['On the start page.', 'Open the docs.']);
  });

  it('reads the older state object and a fenced turn', () => {
    expect(parse(`\`\`\`json\n${turn({ current_state: { memory: 'm', next_goal: 'g' }, action: [{ finish: { summary: 'done' } }] })}\n\`\`\``)).toMatchObject({
      success: true,
      decision: { tool: 'finish', args: { summary: 'done' } },
    });
  });

  it.each([
    ['a key that is no state', turn({ memory: 'm', element: 4, action: [{ press: { element: 4 } }] })],
    ['an item naming two tools', turn({ action: [{ press: { element: 4 }, finish: {} }] })],
    ['arguments that are no object', turn({ action: [{ open_page: 'https://docs.example' }] })],
    ['the turn cut off', turn({ memory: 'm', action: [{ open_page: { address: 'https://docs.example' } }] }).slice(0, -3)],
  ])('with %s, is corrected', (_label, text) => {
    expect(parse(text).success).toBe(false);
  });

  it('names an unknown tool in an item as unknown', () => {
    expect(parse(turn({ action: [{ press: { element: 1 } }, { scroll_down: { amount: 2 } }] }))).toMatchObject({ success: false, error: { kind: 'unknown-tool' } });
  });

  it('never drops an item or a key of the turn (property)', () => {
    const item = fc.oneof(
      fc.record({ open_page: fc.record({ address: fc.stringMatching(/^https:\/\/[a-z]{1,10}\.example\/[a-z]{0,8}$/) }) }),
      fc.record({ press: fc.record({ element: fc.nat(500) }) }),
    );
    const state = fc.dictionary(fc.constantFrom('thinking', 'memory', 'next_goal', 'evaluation_previous_goal'), fc.string({ minLength: 1, maxLength: 30 }));
    const extra = fc.option(fc.constantFrom('url', 'index', 'notes'), { nil: undefined });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 3 }), state, extra, (actions, fields, stray) => {
        const written = { ...fields, ...(stray ? { [stray]: 7 } : {}), action: actions };
        const result = parse(JSON.stringify(written));
        if (stray) expect(result.success).toBe(false);
        else expect(result.success && result.decisions.map((decision) => (decision.action === 'call_tool' ? { [decision.tool]: decision.args } : decision))).toEqual(actions);
      }),
      { numRuns: 100 },
    );
  });
});
