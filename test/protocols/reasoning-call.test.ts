/**
 * A call of an offered tool that ends the reasoning, with a plain answer after it, is corrected:
 * answering with the words after the reasoning would drop the call the model made.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'save_note', inputSchema: { type: 'object', properties: { title: { type: 'string' }, body: { type: 'string' } }, required: ['title'] } },
];
const parse = (text: string) => parseDecision('native', text, { tools });

describe('a call inside reasoning', () => {
  it('corrects a plain answer after reasoning that holds a call of an offered tool, template-opened or not', () => {
    for (const text of [
      'Saving it now. <tool_call>{"name": "save_note", "arguments": {"title": "Groceries"}}</tool_call></think>I will store that.',
      '<think>Store it: <tool_call>{"name": "save_note", "arguments": {"title": "Plan"}}</tool_call></think>\nOne moment.',
      '<think>[Calling tool: save_note({"title": "Trip"})]</think>Sure.',
    ]) {
      const result = parse(text);
      expect(result.success, text).toBe(false);
      expect(!result.success && result.error.message, text).toContain('`save_note`');
    }
  });

  it('keeps the answer when the reasoning goes on past the call, only mentions tools, calls one not on offer, or the reply makes the call', () => {
    const past = parse('<think>I could write <tool_call>{"name": "save_note", "arguments": {"title": "X"}}</tool_call> but it is not needed.</think>No note needed.');
    expect(past.success && past.decisions).toEqual([{ action: 'answer_user', answer: 'No note needed.' }]);
    const mention = parse('<think>Maybe save_note would help later.</think>Your note is short enough to remember.');
    expect(mention.success && mention.decisions).toEqual([{ action: 'answer_user', answer: 'Your note is short enough to remember.' }]);
    const unoffered = parse('<think><tool_call>{"name": "delete_all", "arguments": {}}</tool_call></think>I will not delete anything.');
    expect(unoffered.success && unoffered.decisions).toEqual([{ action: 'answer_user', answer: 'I will not delete anything.' }]);
    const after = parse('<think><tool_call>{"name": "save_note", "arguments": {"title": "Draft"}}</tool_call></think><tool_call>{"name": "save_note", "arguments": {"title": "Final"}}</tool_call>');
    expect(after.success && after.decisions).toEqual([{ action: 'call_tool', tool: 'save_note', args: { title: 'Final' }, reason: '' }]);
  });

  it('property: whatever the answer after it, reasoning ending with an offered call never yields that answer', () => {
    const words = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,30}$/);
    fc.assert(
      fc.property(words, words, words, (before, title, answer) => {
        const call = `<tool_call>${JSON.stringify({ name: 'save_note', arguments: { title } })}</tool_call>`;
        const result = parse(`<think>${before} ${call}</think>${answer}`);
        expect(result.success).toBe(false);
      }),
    );
  });
});
