/**
 * A reply that ends its turn and opens another assistant turn (`joinAssistantTurns`) is one reply: the
 * boundary is framing, a call on either side of it is read, and nothing before it is dropped. Another
 * role after the end of turn stays markup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import { endOfTurnTokens, replyMarkers } from '../../src/protocols/extract/reply-markers.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const stringTool = (name: string, key: string): ToolSpec => ({ name, inputSchema: { type: 'object', properties: { [key]: { type: 'string' } }, required: [key] } });
const tools = [stringTool('find_route', 'destination'), stringTool('read_meter', 'meter')];

const read = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const callsOf = (text: string, maxActions = 1) => {
  const result = read(text, maxActions);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : undefined;
};

/** The template boundaries: each marker's end of turn, then its assistant header (`turnHeader`). */
const boundaries = replyMarkers.filter((marker) => marker.turnHeader).map((marker) => ({ close: marker.close, open: marker.open }));

describe('a second assistant turn in one reply', () => {
  it('reads a call written in a message of its own after prose (HyperCLOVA X style role suffix)', () => {
    const text = 'Looking up the meter now.<|im_end|>\n<|im_start|>assistant -> tool/function_call\n[{"name": "read_meter", "arguments": {"meter": "m-7"}}]<|im_end|>';
    expect(callsOf(text)).toEqual([['read_meter', { meter: 'm-7' }]]);
  });

  it('reads calls on both sides of the boundary, never only one', () => {
    const text =
      '<tool_call>\n{"name": "find_route", "arguments": {"destination": "harbour"}}\n</tool_call><|im_end|>\n<|im_start|>assistant\n<tool_call>\n{"name": "read_meter", "arguments": {"meter": "m-2"}}\n</tool_call>';
    expect(callsOf(text, 2)).toEqual([
      ['find_route', { destination: 'harbour' }],
      ['read_meter', { meter: 'm-2' }],
    ]);
  });

  it('keeps the text before the boundary in the answer', () => {
    const result = read('The route is clear.<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\nIt takes ten minutes.');
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: 'The route is clear.\n\nIt takes ten minutes.' }]);
  });

  it('reads a Llama 3.1 message ended with <|eom_id|> and a second assistant message as one reply', () => {
    const first = '<|python_tag|>{"name": "find_route", "parameters": {"destination": "pier"}}';
    const second = '<|python_tag|>{"name": "read_meter", "parameters": {"meter": "m-9"}}';
    const text = `${first}<|eom_id|><|start_header_id|>assistant<|end_header_id|>\n\n${second}<|eom_id|>`;
    expect(callsOf(text, 2)).toEqual([
      ['find_route', { destination: 'pier' }],
      ['read_meter', { meter: 'm-9' }],
    ]);
  });

  it('is no boundary after a token that hands the turn to another role', () => {
    expect(read('The route is clear.<|observation|><|im_start|>assistant\nIt takes ten minutes.').success).toBe(false);
  });

  it('is no boundary before another role, nor before a longer header word', () => {
    for (const text of [
      'The route is clear.<|im_end|>\n<|im_start|>user\nThanks',
      'The route is clear.<|im_end|>\n<|im_start|>assistants\nMore.',
      'The route is clear.<end_of_turn>\n<start_of_turn>user\nThanks',
    ]) {
      expect(read(text).success, text).toBe(false);
    }
  });

  it('property: over every template boundary, a call after prose and a boundary is read, and prose on both sides is one answer', () => {
    const word = fc.stringMatching(/^[a-z]{3,10}$/);
    const prose = fc.constantFrom('Let me look.', 'One moment:', 'Checking the meter.');
    fc.assert(
      fc.property(fc.constantFrom(...boundaries), prose, word, fc.constantFrom('', '\n', '\n\n'), ({ close, open }, before, meter, gap) => {
        const call = `<tool_call>\n{"name": "read_meter", "arguments": {"meter": "${meter}"}}\n</tool_call>`;
        expect(callsOf(`${before}${close}${gap}${open}\n${call}`)).toEqual([['read_meter', { meter }]]);
        const answer = read(`${before}${close}${gap}${open}\nThe meter reads ${meter}.`);
        expect(answer.success && answer.decisions).toEqual([{ action: 'answer_user', answer: `${before}\n\nThe meter reads ${meter}.` }]);
      }),
      { numRuns: 60 },
    );
  });

  it('property: any end-of-turn token of the assistant before an assistant header is a boundary, a call after it read', () => {
    const closes = endOfTurnTokens.filter((token) => token !== '<|observation|>' && token !== '<|user|>');
    const meter = fc.stringMatching(/^[a-z]{3,10}$/);
    fc.assert(
      fc.property(fc.constantFrom(...closes), fc.constantFrom(...boundaries), meter, (close, { open }, value) => {
        const call = `<tool_call>\n{"name": "read_meter", "arguments": {"meter": "${value}"}}\n</tool_call>`;
        expect(callsOf(`One moment.${close}\n${open}\n${call}`), `${close} ${open}`).toEqual([['read_meter', { meter: value }]]);
      }),
      { numRuns: 80 },
    );
  });
});
