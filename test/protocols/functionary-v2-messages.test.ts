/**
 * Functionary v2 messages (`<|from|>assistant\n<|recipient|>name\n<|content|>{..}`, `<|stop|>` at
 * the end): whole replies of calls are read, the first header possibly left to the prompt; one
 * message to `all` is the answer; a call cut off or not JSON is a correction.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecision } from '../../src/protocols/index.ts';

const tools = [
  { name: 'track_parcel', inputSchema: { type: 'object', properties: { code: { type: 'string' }, carrier: { type: 'string' } }, required: ['code'] } },
  { name: 'list_carriers', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string, maxActions = 1) => parseDecision('native', text, { tools, maxActions });
const call = (tool: string, args: Record<string, unknown>) => ({ action: 'call_tool', tool, args, reason: '' });
const message = (to: string, content: string) => `<|from|>assistant\n<|recipient|>${to}\n<|content|>${content}`;

describe('Functionary v2 messages', () => {
  it('reads a call, several calls, the first header left to the prompt, and <|stop|> at the end', () => {
    const one = parse(message('track_parcel', '{"code": "ZX9"}'));
    expect(one.success && one.decisions).toEqual([call('track_parcel', { code: 'ZX9' })]);
    const prefilled = parse(`track_parcel\n<|content|>{"code": "ZX9"}\n${message('list_carriers', '{}')}<|stop|>`, 2);
    expect(prefilled.success && prefilled.decisions).toEqual([call('track_parcel', { code: 'ZX9' }), call('list_carriers', {})]);
  });

  it('answers with a lone message to all', () => {
    const result = parse(`${message('all', 'Your parcel is in Oslo.')}<|stop|>`);
    expect(result.success && result.decisions).toEqual([{ action: 'answer_user', answer: 'Your parcel is in Oslo.' }]);
  });

  // A message to all beside calls is the plan (functionary-v2.test.ts), as Functionary's own parser keeps it as the content.
  it('corrects a call cut off or not JSON, never answering with the tokens', () => {
    for (const text of [message('track_parcel', '{"code": "ZX'), message('track_parcel', 'ZX9 please'), message('track_parcel', '["ZX9"]')]) {
      expect(parse(text).success, text).toBe(false);
    }
  });

  it('property: any call written as a message reads back as that call; cut inside its JSON, it never runs', () => {
    const code = fc.stringMatching(/^[A-Z0-9]{1,10}$/);
    fc.assert(
      fc.property(code, fc.constantFrom('posten', 'dhl', 'ups'), fc.nat(), (parcel, carrier, at) => {
        const args = JSON.stringify({ code: parcel, carrier });
        const whole = parse(message('track_parcel', args));
        expect(whole.success && whole.decisions).toEqual([call('track_parcel', { code: parcel, carrier })]);
        const cut = message('track_parcel', args.slice(0, 1 + (at % (args.length - 1))));
        expect(parse(cut).success, cut).toBe(false);
      }),
    );
  });
});
