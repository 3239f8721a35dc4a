/**
 * A barred token whose name says only that the turn ends (`namedEndOfTurn`: `<|eos|>`, `<|assistant_end|>`,
 * the `<|stop|>` a prompt asks for)
 * is an end-of-turn token in families no list names: framing at the reply's end, text after it refused.
 * A token naming what it ends (a call, a list, a header) stays markup.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/index.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const tools: ToolSpec[] = [{ name: 'log_reading', inputSchema: { type: 'object', properties: { gauge: { type: 'string' } }, required: ['gauge'] } }];
const read = (text: string) => parseDecision('native', text, { tools });

const speaker = fc.constantFrom('', 'assistant_', 'model_', 'turn_', 'bot_');
const ending = fc.constantFrom('eos', 'eot', 'stop', 'end', 'end_of_turn', 'endofturn', 'end_of_message');
const suffix = fc.constantFrom('', '_id', '_token');
const endToken = fc.tuple(speaker, ending, suffix).map(([who, end, tail]) => `<|${who}${end}${tail}|>`);

describe('a token named for the end of a turn', () => {
  it('property: at the end of an answer or after a call it is dropped; text after it is refused', () => {
    fc.assert(
      fc.property(endToken, fc.stringMatching(/^[a-z]{3,10}$/), (token, gauge) => {
        const answer = read(`The gauge ${gauge} reads low.${token}`);
        expect(answer.success && answer.decisions, token).toEqual([{ action: 'answer_user', answer: `The gauge ${gauge} reads low.` }]);
        const call = read(`<tool_call>{"name": "log_reading", "arguments": {"gauge": "${gauge}"}}</tool_call>${token}`);
        expect(call.success && call.decisions.map((decision) => decision.action === 'call_tool' && decision.args), token).toEqual([{ gauge }]);
        expect(read(`Low.${token}\nand more text`).success, token).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it('ends a JSON list of calls as a prompt asks (`..]<|stop|>`), and nothing may follow it', () => {
    const list = '[{"name": "log_reading", "arguments": {"gauge": "boiler"}}, {"name": "log_reading", "arguments": {"gauge": "tank"}}]';
    const calls = parseDecision('native', `${list}<|stop|>`, { tools, maxActions: 2 });
    expect(calls.success && calls.decisions.map((decision) => decision.action === 'call_tool' && decision.args)).toEqual([{ gauge: 'boiler' }, { gauge: 'tank' }]);
    expect(read(`${list}<|stop|>\nDone, both gauges logged.`).success).toBe(false);
  });

  it('is not a token that names what it ends', () => {
    for (const token of ['<|tool_call_end|>', '<|python_end|>', '<|end_header_id|>', '<|tool_list_end|>', '<|stop_reason|>']) {
      expect(read(`The gauge reads low.${token}`).success, token).toBe(false);
    }
  });
});
