/**
 * JSON turns holding the model's thoughts beside a flat call (`{"thoughts": [..], "tool_name", "tool_args"}`)
 * and arguments under a qualified key (`tool_args`, `function_arguments`): the call is read, the
 * thoughts kept as thoughts, and any other key corrected, never dropped. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tool = (name: string, ...keys: string[]): ToolSpec => ({ name, inputSchema: { type: 'object', properties: Object.fromEntries(keys.map((key) => [key, {}])) } });
const tools = [tool('shelf_scan', 'aisle', 'depth'), tool('reply', 'text')];

describe('thought-call JSON turns', () => {
  it('reads a call beside a list of thoughts and a headline, keeping both as thoughts', () => {
    const text = '{"thoughts": ["Aisle 4 was not scanned", "Scan it shallow"], "headline": "Scanning aisle 4", "tool_name": "shelf_scan", "tool_args": {"aisle": 4, "depth": "shallow"}}';
    const result = parseDecision('native', text, { tools });
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'shelf_scan', args: { aisle: 4, depth: 'shallow' } }] });
    if (result.success) expect(result.thoughts.map((thought) => thought.content)).toEqual(['Aisle 4 was not scanned', 'Scan it shallow', 'Scanning aisle 4']);
  });

  it('reads the turn in a tilde fence with trailing commas', () => {
    const text = '~~~json\n{\n  "thoughts": [\n    "Done scanning",\n  ],\n  "tool_name": "reply",\n  "tool_args": {\n    "text": "Aisle 4 is stocked",\n  }\n}\n~~~';
    expect(parseDecision('native', text, { tools })).toMatchObject({ success: true, decisions: [{ tool: 'reply', args: { text: 'Aisle 4 is stocked' } }] });
  });

  it('reads arguments under a qualified key without thoughts', () => {
    for (const key of ['tool_args', 'function_arguments', 'toolInput', 'command_params']) {
      const result = parseDecision('native', `{"tool_name": "shelf_scan", "${key}": {"aisle": 2}}`, { tools });
      expect(result, key).toMatchObject({ success: true, decisions: [{ tool: 'shelf_scan', args: { aisle: 2 } }] });
    }
  });

  it('corrects a key beside the thoughts and the call, and a turn cut off inside its arguments', () => {
    const stray = parseDecision('native', '{"thoughts": ["scan"], "tool_name": "shelf_scan", "tool_args": {"aisle": 1}, "mood": "calm"}', { tools });
    expect(stray.success).toBe(false);
    if (!stray.success) expect(stray.error.message).toContain('`mood`');
    const cut = parseDecision('native', '{"thoughts": ["scan"], "tool_name": "shelf_scan", "tool_args": {"aisle": 1', { tools });
    expect(cut.success).toBe(false);
    if (!cut.success) expect(cut.error.message).toContain('cut off');
  });

  it('property: thoughts never become arguments, and every other key is refused', () => {
    const word = fc.stringMatching(/^[a-z]{3,9}$/);
    const thoughtKey = fc.constantFrom('thought', 'thoughts', 'reasoning', 'headline');
    const thoughtValue = fc.oneof(word, fc.array(word, { minLength: 1, maxLength: 3 }));
    const argsKey = fc.constantFrom('tool_args', 'arguments', 'args', 'function_args');
    const extra = fc.option(fc.stringMatching(/^x[a-z]{2,8}$/), { nil: undefined });
    fc.assert(
      fc.property(thoughtKey, thoughtValue, argsKey, word, extra, (key, thought, argumentKey, aisle, stray) => {
        const turn: Record<string, unknown> = { [key]: thought, tool_name: 'shelf_scan', [argumentKey]: { aisle } };
        if (stray !== undefined) turn[stray] = 'x';
        const result = parseDecision('native', JSON.stringify(turn), { tools });
        if (stray !== undefined) return !result.success && result.error.message.includes(stray);
        const texts = typeof thought === 'string' ? [thought] : thought;
        return (
          result.success &&
          result.decisions.length === 1 &&
          JSON.stringify(result.decisions[0]) === JSON.stringify({ action: 'call_tool', tool: 'shelf_scan', args: { aisle }, reason: '' }) &&
          texts.every((text) => result.thoughts.some((item) => item.content === text))
        );
      }),
    );
  });
  it('reads a list of turns, each with its thought, as calls in order; a list with one element no turn is no list of turns', () => {
    const text = '[\n  {"thoughts_and_reasoning": "Scan first.", "function": "shelf_scan", "params": {"aisle": 3}},\n  {"thoughts_and_reasoning": "Then report.", "function": "reply", "params": {"text": "done"}}\n]';
    const result = parseDecision('native', text, { tools, maxActions: 2 });
    expect(result).toMatchObject({ success: true, decisions: [{ tool: 'shelf_scan', args: { aisle: 3 } }, { tool: 'reply', args: { text: 'done' } }] });
    if (result.success) expect(result.thoughts.map((thought) => thought.content)).toEqual(['Scan first.', 'Then report.']);
    const mixed = parseDecision('native', '[{"thought": "scan", "function": "shelf_scan", "params": {"aisle": 3}}, {"function": "reply", "params": {"text": "done"}, "mood": "calm"}]', { tools, maxActions: 2 });
    expect(mixed.success && mixed.decisions.length === 1).toBe(false);
  });
});
