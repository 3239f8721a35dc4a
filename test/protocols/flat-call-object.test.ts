/**
 * A JSON call with its arguments beside its name (`{"tool_name": "convert", "amount": 3}`): read as
 * that call when it is the whole reply and every other key is a declared parameter, else corrected;
 * never answered as text (issue 25: a call written as the answer).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'convert', inputSchema: { type: 'object', properties: { amount: { type: 'number' }, to: { type: 'string' } }, required: ['amount'] } },
  { name: 'ping', inputSchema: { type: 'object', properties: {} } },
];
const read = (text: string) => parseDecision('native', text, { tools });
const callsOf = (text: string) => {
  const result = read(text);
  return result.success ? result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : decision.action)) : `refused: ${result.error.message}`;
};

describe('flat JSON calls', () => {
  it('reads the object when it is the whole reply, with each name key', () => {
    expect(callsOf('{"tool_name": "convert", "amount": 3, "to": "EUR"}')).toEqual([['convert', { amount: 3, to: 'EUR' }]]);
    expect(callsOf('{"name": "convert", "amount": 2.5}')).toEqual([['convert', { amount: 2.5 }]]);
    expect(callsOf('  {"tool": "convert", "to": "USD", "amount": 1, "id": "call_7"}\n')).toEqual([['convert', { to: 'USD', amount: 1 }]]);
    expect(callsOf('```json\n{"function": "convert", "amount": 9}\n```')).toEqual([['convert', { amount: 9 }]]);
  });

  it('reads a list of such objects as its calls, and corrects a list of names without arguments (never an answer)', () => {
    const two = parseDecision('native', '[{"name": "convert", "amount": 1}, {"tool": "convert", "amount": 2, "to": "NOK"}]', { tools, maxActions: 2 });
    expect(two.success && two.decisions.map((decision) => decision.action === 'call_tool' && decision.args)).toEqual([{ amount: 1 }, { amount: 2, to: 'NOK' }]);
    expect(callsOf('[{"name": "ping"}]')).toMatch(/^refused: .*gives no arguments/);
    expect(callsOf('[{"name": "convert", "amount": 1}, {"name": "weather"}]')).toMatch(/^refused: .*amid other text/);
    expect(callsOf('[{"name": "weather"}, 3]')).toEqual(['answer_user']);
  });

  it('corrects the object amid prose, with a key the tool does not declare, or with no argument', () => {
    expect(callsOf('First I convert. {"tool_name": "convert", "amount": 3} Then I answer.')).toMatch(/^refused: .*amid other text/);
    expect(callsOf('{"name": "convert", "amount": 3, "currency": "EUR"}')).toMatch(/^refused: .*`currency`.*does not declare/);
    expect(callsOf('{"tool_name": "ping"}')).toMatch(/^refused: .*gives no arguments/);
  });

  it('reads the object as the step an `Action:` label introduces at the reply\'s end, the text before the label its thought', () => {
    const result = read('Reason: the price is in dollars.\nAction: {"op": "convert", "amount": 4, "to": "EUR"}');
    expect(result).toMatchObject({ success: true, decision: { tool: 'convert', args: { amount: 4, to: 'EUR' } } });
    expect(result.success && result.thoughts.map((thought) => thought.content)).toEqual(['Reason: the price is in dollars.']);
    expect(callsOf("Reason: convert it.\n**Action:**\n{'tool': 'convert', 'amount': 2}")).toEqual([['convert', { amount: 2 }]]);
    expect(callsOf('Reason: convert it.\nAction: {"tool": "convert", "amount": 2}\nThen I will answer.')).toMatch(/^refused: .*amid other text/);
    expect(callsOf('Reason: convert it.\nMy action: {"tool": "convert", "amount": 2}')).toMatch(/^refused: .*amid other text/);
  });

  it('reads a key the tool declares as its argument, even one calls elsewhere carry as metadata (`index`)', () => {
    const indexed: ToolSpec[] = [{ name: 'pick', inputSchema: { type: 'object', properties: { index: { type: 'integer' } }, required: ['index'] } }];
    expect(parseDecision('native', '{"action_type": "pick", "index": 4}', { tools: indexed })).toMatchObject({ success: true, decision: { tool: 'pick', args: { index: 4 } } });
  });

  it('property: a flat call after an Action: label ending the reply reads as the same object alone', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999 }), fc.stringMatching(/^[A-Z]{3}$/), fc.stringMatching(/^[A-Za-z ,.]{0,30}$/), fc.constantFrom('Action:', 'ACTION:', '**Action:**', 'Action:\n'), (amount, to, reason, label) => {
        const object = `{"name": "convert", "amount": ${amount}, "to": "${to}"}`;
        const labelled = read(`Reason: ${reason}\n${label} ${object}`);
        const alone = read(object);
        expect(labelled.success && labelled.decisions).toEqual(alone.success && alone.decisions);
      }),
      { numRuns: 80 },
    );
  });

  it('reads an `action` naming an offered tool beside declared parameters only; an agent step with more keys is another shape', () => {
    expect(callsOf('{"action": "convert", "amount": 3, "to": "SEK"}')).toEqual([['convert', { amount: 3, to: 'SEK' }]]);
    expect(callsOf('{"thought": "Convert it.", "action": "convert", "actionInput": {"amount": 2}}')).toEqual([['convert', { amount: 2 }]]);
    // An undeclared key, no parameter, or a reins decision's own `action`: never answered, never a guessed call.
    expect(callsOf('{"action": "convert", "amount": 3, "memo": "x"}')).toMatch(/^refused: /);
    expect(callsOf('{"action": "convert"}')).toMatch(/^refused: /);
    expect(callsOf('{"action": "call_tool", "tool": "convert", "amount": 1}')).toMatch(/^refused: /);
    expect(callsOf('Sure. {"action": "convert", "amount": 3}')).toMatch(/^refused: .*amid other text/);
  });

  it('corrects a tool_name that is not on offer, and leaves JSON that names no tool an answer', () => {
    expect(callsOf('{"tool_name": "unknown_tool", "arg": "value"}')).toMatch(/^refused: .*unknown tool/);
    expect(callsOf('{"name": "Ada", "age": 36}')).toEqual(['answer_user']);
    expect(callsOf('{"name": "convert", "description": "Converts an amount."}')).toEqual(['answer_user']);
  });

  it('leaves the other shapes to their readers', () => {
    expect(callsOf('{"name": "convert", "arguments": {"amount": 4}}')).toEqual([['convert', { amount: 4 }]]);
    expect(callsOf('<tool_call>\n{"name": "convert", "arguments": {"amount": 4, "to": "{\\"name\\": \\"ping\\", \\"x\\": 1}"}}\n</tool_call>')).toEqual([
      ['convert', { amount: 4, to: '{"name": "ping", "x": 1}' }],
    ]);
  });

  it('never drops a flat call beside a call in another dialect, unless a value of that call holds it', () => {
    const hermes = '<tool_call>\n{"name": "convert", "arguments": {"amount": 1}}\n</tool_call>';
    expect(callsOf(`${hermes}\n{"name": "convert", "amount": 2}`)).toMatch(/^refused: .*call of `convert` written in another form/);
    expect(callsOf(`{"tool_name": "ping", "x": 1}\n${hermes}`)).toMatch(/^refused: .*call of `ping` written in another form/);
    expect(callsOf('<tool_call>\n{"name": "convert", "arguments": {"amount": 1, "to": "{\\"tool\\": \\"ping\\", \\"x\\": 1}"}}\n</tool_call>')).toEqual([
      ['convert', { amount: 1, to: '{"tool": "ping", "x": 1}' }],
    ]);
    expect(callsOf('<tool_call>{"name": "ping"}</tool_call>')).toEqual([['ping', {}]]);
  });

  it('property: a flat call beside a call in another dialect is read whole or refused, never one of them', () => {
    const digits = fc.stringMatching(/^[0-9 ]{1,6}$/);
    const others = [
      (to: string) => `<tool_call>\n${JSON.stringify({ name: 'convert', arguments: { amount: 1, to } })}\n</tool_call>`,
      (to: string) => `<tool_call>\n<function=convert>\n<parameter=amount>\n1\n</parameter>\n<parameter=to>\n${to}\n</parameter>\n</function>\n</tool_call>`,
      (to: string) => `<tool_call>convert\n<arg_key>amount</arg_key>\n<arg_value>1</arg_value>\n<arg_key>to</arg_key>\n<arg_value>${to}</arg_value>\n</tool_call>`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...others), digits, digits, fc.boolean(), (other, to, note, flatFirst) => {
        const flat = JSON.stringify({ tool_name: 'convert', amount: 2, to: note });
        const result = parseDecision('native', flatFirst ? `${flat}\n${other(to)}` : `${other(to)}\n${flat}`, { tools, maxActions: 2 });
        if (result.success) expect(result.decisions).toHaveLength(2);
      }),
      { numRuns: 200 },
    );
  });

  it('property: a flat object naming an offered tool is that call or a correction, never an answer nor another call', () => {
    const key = fc.constantFrom('tool_name', 'name', 'tool', 'function', 'action');
    const extra = fc.dictionary(fc.constantFrom('amount', 'to', 'note', 'currency'), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 3 });
    const around = fc.constantFrom(['', ''], ['Sure. ', ''], ['', ' Done.'], ['```json\n', '\n```']);
    fc.assert(
      fc.property(key, extra, around, (nameKey, args, [before, after]) => {
        const result = read(`${before}${JSON.stringify({ [nameKey]: 'convert', ...args })}${after}`);
        if (!result.success) return;
        expect(result.decisions).toEqual([{ action: 'call_tool', tool: 'convert', args, reason: '' }]);
      }),
      { numRuns: 300 },
    );
  });
});
