import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const open = (properties: Record<string, unknown>): ToolSpec['inputSchema'] => ({ type: 'object', properties });
const forecast: ToolSpec = { name: 'forecast', inputSchema: open({ place: { type: 'string' }, scale: { type: 'string' } }) };
const strictForecast: ToolSpec = { name: 'forecast', inputSchema: { ...open({ place: { type: 'string' }, scale: { type: 'string' } }), additionalProperties: false } };
const tagged = (args: string) => `<tool_call>{"name": "forecast", "arguments": ${args}}</tool_call>`;
const read = (text: string, tools: ToolSpec[]) => parseDecision('native', text, { tools });

describe('an argument name written with space around it', () => {
  it('is the declared name it holds, also where the schema allows undeclared names', () => {
    const result = read(tagged('{"place": "Lyon", "\\tscale ": "kelvin"}'), [forecast]);
    expect(result).toMatchObject({ success: true, repaired: true, decision: { tool: 'forecast', args: { place: 'Lyon', scale: 'kelvin' } } });
    expect(result.success && Object.keys(result.decision.action === 'call_tool' ? result.decision.args : {})).toEqual(['place', 'scale']);
    expect(read(tagged('{" place": "Lyon"}'), [strictForecast])).toMatchObject({ success: true, decision: { args: { place: 'Lyon' } } });
  });

  it('reads the same in every dialect that carries JSON arguments', () => {
    const texts = [
      '{"name": "forecast", "arguments": {"scale ": "kelvin"}}',
      '[TOOL_CALLS][{"name": "forecast", "arguments": {"scale ": "kelvin"}}]',
      'forecast{"scale ": "kelvin"}',
    ];
    for (const text of texts) expect(read(text, [forecast])).toMatchObject({ success: true, decision: { args: { scale: 'kelvin' } } });
  });

  it('stays as written where the reading is not the only one', () => {
    // The declared name given too: both reach validation, which the open schema lets through.
    expect(read(tagged('{"scale": "C", " scale": "K"}'), [forecast])).toMatchObject({ success: true, decision: { args: { scale: 'C', ' scale': 'K' } } });
    expect(read(tagged('{"scale": "C", " scale": "K"}'), [strictForecast])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
    // Two padded names holding one declared name.
    expect(read(tagged('{" scale": "C", "scale ": "K"}'), [strictForecast])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
    // A name declared with its space is that name.
    const spaced: ToolSpec = { name: 'forecast', inputSchema: open({ ' scale': { type: 'string' }, scale: { type: 'string' } }) };
    expect(read(tagged('{" scale": "K"}'), [spaced])).toMatchObject({ success: true, decision: { args: { ' scale': 'K' } } });
    // A padded name holding no declared name stays as written.
    expect(read(tagged('{"scales ": "K"}'), [strictForecast])).toMatchObject({ success: false, error: { kind: 'invalid-args' } });
    expect(read(tagged('{"scales ": "K"}'), [forecast])).toMatchObject({ success: true, decision: { args: { 'scales ': 'K' } } });
  });

  it('property: any declared name padded with space reads back as that name, with its value', () => {
    const name = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
    const space = fc.constantFrom(' ', '  ', '\t', '\n');
    fc.assert(
      fc.property(name, fc.string({ maxLength: 12 }), space, space, fc.boolean(), fc.boolean(), (key, value, before, after, left, right) => {
        fc.pre(left || right);
        const tool: ToolSpec = { name: 'forecast', inputSchema: open({ [key]: { type: 'string' } }) };
        const written = `${left ? before : ''}${key}${right ? after : ''}`;
        const result = read(tagged(JSON.stringify({ [written]: value })), [tool]);
        expect(result).toMatchObject({ success: true, decision: { args: { [key]: value } } });
        if (result.success && result.decision.action === 'call_tool') expect(Object.keys(result.decision.args)).toEqual([key]);
      }),
    );
  });
});
