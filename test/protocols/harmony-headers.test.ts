/**
 * A harmony header that holds more than its channel and content type, but no recipient reins reads
 * (`commentary to = functions.x`, `commentary functions.x`, `commentary x`): the message is a call
 * attempt, so its body (the arguments, most often) is never the answer. Plain headers keep their
 * reading: `final` and `commentary` are the reply, `to=assistant` names no one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { propertyRuns } from '../helpers/property-runs.ts';

const tools: ToolSpec[] = [{ name: 'find_tide', inputSchema: { type: 'object', properties: { port: { type: 'string' } } } }];
const read = (text: string) => parseDecision('native', text, { tools });

describe('a harmony header with a recipient no reader reads', () => {
  it('is refused, never answered with its body', () => {
    for (const header of ['commentary to = functions.find_tide', 'commentary functions.find_tide', 'commentary find_tide', 'commentary json', 'analysis to= functions.find_tide']) {
      const text = `<|channel|>${header}<|message|>{"port": "Brest"}<|call|>`;
      expect(read(text).success, text).toBe(false);
    }
  });

  it('leaves plain headers as they read: the reply, reasoning, a call', () => {
    const answer = (text: string) => {
      const result = read(text);
      return result.success && result.decision.action === 'answer_user' ? result.decision.answer : undefined;
    };
    expect(answer('<|channel|>final<|message|>High tide at six.<|return|>')).toBe('High tide at six.');
    expect(answer('<|channel|>commentary <|message|>High tide at six.<|end|>')).toBe('High tide at six.');
    expect(answer('<|channel|>analysis<|message|>Easy.<|end|><|start|>assistant to=assistant<|channel|>final<|message|>High tide at six.')).toBe('High tide at six.');
    const call = read('<|start|>assistant to=functions.find_tide<|channel|>commentary json<|message|>{"port": "Brest"}<|call|>');
    expect(call.success && call.decision).toMatchObject({ action: 'call_tool', tool: 'find_tide', args: { port: 'Brest' } });
  });

  it('property: whatever else the header holds, the body is no answer', () => {
    const extra = fc.oneof(
      fc.constantFrom('to = functions.find_tide', 'to =functions.find_tide', 'functions.find_tide', 'find_tide', 'json', 'recipient find_tide'),
      fc.stringMatching(/^[a-z]{1,8}(?: [a-z=.]{1,12}){0,2}$/),
    );
    fc.assert(
      fc.property(fc.constantFrom('commentary', 'final'), extra, fc.constantFrom('<|call|>', '<|end|>', '<|return|>'), (channel, words, end) => {
        const body = '{"port": "Brest"}';
        const result = read(`<|channel|>${channel} ${words}<|message|>${body}${end}`);
        if (result.success && result.decision.action === 'answer_user') expect(result.decision.answer).not.toContain(body);
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});
