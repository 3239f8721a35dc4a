/**
 * An element named for a call whose whole text is a step written as a call no reader read
 * (`call-element-body.ts`) is corrected, never returned as the answer. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'press_key', inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } },
  { name: 'go_back', inputSchema: { type: 'object', properties: {} } },
];
const read = (text: string) => parseDecision('native', text, { tools });

describe('an element named for a call holding a call no reader read', () => {
  it('is corrected: an unknown step, a name as a value, an offered tool with more after its name', () => {
    for (const text of [
      '<Thought>The list goes on.</Thought>\n<Action>scroll_down(page)</Action>',
      '<action>press_key(enter)</action>',
      'Next:\n<ACTION>press_key Enter</ACTION>',
      '<tool>zoom_in(2)</tool>',
    ]) {
      expect(read(text), text).toMatchObject({ success: false, error: { kind: 'no-decision' } });
    }
  });

  it('reads the call where a reader can, and keeps prose elements and quoted markup as the answer', () => {
    expect(read('<Thought>Confirm it.</Thought>\n<Action>press_key("Enter")</Action>')).toMatchObject({ success: true, decisions: [{ tool: 'press_key', args: { key: 'Enter' } }] });
    for (const text of ['<action>rest a while</action>', '<action>wave_hand</action>', 'Write `<action>press_key(enter)</action>` to press.']) {
      expect(read(text), text).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
    }
  });

  it('property: a call-shaped body in any call element, before or after prose, is never the answer (fast-check)', () => {
    const element = fc.constantFrom('Action', 'action', 'actions', 'tool', 'function', 'command', 'call');
    const name = fc.stringMatching(/^[a-z][a-z_]{1,10}$/);
    const argument = fc.oneof(fc.stringMatching(/^[a-z]{1,8}$/), fc.integer({ min: 0, max: 99 }).map(String), fc.constant(''));
    const prose = fc.constantFrom('', 'Doing it now.', 'Thought: next step.');
    fc.assert(
      fc.property(element, name, argument, prose, fc.boolean(), (tag, called, held, words, after) => {
        const step = `<${tag}>${called}(${held})</${tag}>`;
        const result = read(after ? `${step}\n${words}` : `${words}\n${step}`);
        expect(result.success && result.decisions.some((decision) => decision.action === 'answer_user'), step).toBe(false);
      }),
      { numRuns: 120 },
    );
  });
});
