/**
 * A tag named for a call block (`<tool_use>`, `<use_tool>`, `<call_tool>`, `<tool_request>`) in a
 * reply where no call was read is markup, never the answer; around a call a reader read it is that
 * call's wrapper. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const lookup: ToolSpec = { name: 'lookup_word', inputSchema: { type: 'object', properties: { word: { type: 'string' } } } };
const tools = [lookup];
const read = (text: string) => parseDecision('native', text, { tools });

describe('call block tags', () => {
  it('refuses a reply whose call tag holds nothing read: cut off, empty, or around text no reader maps', () => {
    for (const text of ['I will look it up now.<tool_use>', 'Sure <use_tool><what>ever</what> and more', 'Result below </call_tool>', '<tool_request id="7">', 'Next <tool_uses>']) {
      expect(read(text), text).toMatchObject({ success: false, error: { message: expect.stringMatching(/<tool_use>|<use_tool>|a tool call/) } });
    }
  });

  it('reads a call wrapped in such a tag, and keeps prose that names the tag in backticks as the answer', () => {
    expect(read('Looking.<tool_use>{"name": "lookup_word", "input": {"word": "quay"}}</tool_use>')).toMatchObject({ success: true, decisions: [{ tool: 'lookup_word', args: { word: 'quay' } }] });
    expect(read('Models wrap calls in `<tool_use>` tags.')).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
    expect(read('A tool_use block is how the model calls a tool.')).toMatchObject({ success: true, decisions: [{ action: 'answer_user' }] });
  });

  it('property: prose holding a call block tag in any form is never answered', () => {
    const name = fc.constantFrom('tool_use', 'tool_uses', 'use_tool', 'call_tool', 'tool_request');
    const form = fc.constantFrom((tag: string) => `<${tag}>`, (tag: string) => `</${tag}>`, (tag: string) => `<${tag}/>`, (tag: string) => `<${tag} id="1">`);
    const prose = fc.constantFrom('Let me check.', 'Here is the plan:', 'Done', '');
    fc.assert(
      // A tag cut off (`<tool_use` with no `>`) counts at the reply's end only: before a word it is prose (`<tool_use in docs`).
      fc.property(name, form, prose, prose, fc.boolean(), (tag, write, before, after, cut) => {
        const text = cut ? `${before} <${tag}`.trim() : `${before} ${write(tag)} ${after}`.trim();
        const result = read(text);
        expect(result.success && result.decisions.some((decision) => decision.action === 'answer_user'), text).toBe(false);
      }),
      { numRuns: 80 },
    );
  });
});
