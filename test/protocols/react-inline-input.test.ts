/**
 * The ReAct action and its input on one line (`Action: tool with Action Input: {..}`), as agent
 * benchmarks prompt for it, and markdown escapes in an action's name. Written for reins; no
 * harvested text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'find_train', inputSchema: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'] } },
  { name: 'list_stations', inputSchema: { type: 'object', properties: {} } },
  { name: 'seat_map', inputSchema: { type: 'object', properties: { train_id: { type: 'integer' } }, required: ['train_id'] } },
];

const parse = (text: string) => parseDecision('native', text, { tools });

describe('ReAct action and input on one line', () => {
  it('reads `Action: tool with Action Input: {..}` as the call', () => {
    const result = parse('Action: find_train with Action Input: {"from": "Lyon", "to": "Turin"}');
    expect(result).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'find_train', args: { from: 'Lyon', to: 'Turin' } } });
  });

  it('reads a tool without arguments given `{}`, and other joiners (`,`, `|`)', () => {
    expect(parse('Action: list_stations with Action Input: {}')).toMatchObject({ success: true, decision: { tool: 'list_stations', args: {} } });
    expect(parse('Thought: which carriage?\nAction: seat_map, Action Input: {"train_id": 9041}')).toMatchObject({
      success: true,
      decision: { tool: 'seat_map', args: { train_id: 9041 }, reason: 'which carriage?' },
    });
    expect(parse('Action: seat_map | Action Input: {"train_id": 12}')).toMatchObject({ success: true, decision: { tool: 'seat_map', args: { train_id: 12 } } });
  });

  it('corrects an inline input cut off, never running the call', () => {
    const result = parse('Action: seat_map with Action Input: {"train_id": 90');
    expect(result.success).toBe(false);
  });

  it('reads a markdown-escaped name as the tool it names', () => {
    expect(parse('Action: find\\_train with Action Input: {"from": "Bern", "to": "Milan"}')).toMatchObject({
      success: true,
      decision: { tool: 'find_train', args: { from: 'Bern', to: 'Milan' } },
    });
  });

  it('keeps a `_` or `*` that an offered tool name ends with (no emphasis to strip)', () => {
    const offered: ToolSpec[] = [{ name: 'lookup_', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }];
    expect(parseDecision('native', 'Thought: look\nAction: lookup_\nAction Input: {"q": "x"}', { tools: offered })).toMatchObject({
      success: true,
      decision: { tool: 'lookup_', args: { q: 'x' } },
    });
  });

  it('keeps prose that mentions the label after words that are no tool name', () => {
    const text = 'Action: none needed here, the Action Input: field was empty so I stopped.';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('leaves the label quoted in code as text', () => {
    const text = 'Write your step as `Action: find_train with Action Input: {"from": "A", "to": "B"}` next time.';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('property: any joiner and arguments read the same call as the two-line form', () => {
    const place = fc.stringMatching(/^[A-Z][a-z]{1,12}$/);
    const joiner = fc.constantFrom(' with ', ', ', '; ', ' | ', ' and ', ' ');
    fc.assert(
      fc.property(place, place, joiner, (from, to, join) => {
        const input = JSON.stringify({ from, to });
        const inline = parse(`Action: find_train${join}Action Input: ${input}`);
        const twoLines = parse(`Action: find_train\nAction Input: ${input}`);
        expect(inline).toMatchObject({ success: true, decision: { tool: 'find_train', args: { from, to } } });
        expect(twoLines.success && inline.success && inline.decision).toEqual(twoLines.success && twoLines.decision);
      }),
      { numRuns: 100 },
    );
  });
});
