/**
 * A string a Gemma quote-token pair (`<|"|>`, `<escape>`) wraps whole is the text inside, in every
 * dialect: runtimes that hand Gemma's calls on as JSON leave the tokens in place, and no tool is meant
 * to get them.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { protocols } from '../../src/protocols/get-codec.ts';

const tools = [{ name: 'paint_wall', inputSchema: { type: 'object', properties: { shade: {}, coats: {}, notes: {} } } }];
const argsOf = (text: string) => {
  const result = protocols.native.parse(text, { tools });
  return result.success && result.decisions[0]?.action === 'call_tool' ? result.decisions[0].args : result.success ? 'answer' : result.error.message;
};
const q = '<|"|>';

describe('leaked quote tokens', () => {
  it('drops a quote-token pair around a whole string, nested ones included', () => {
    const text = JSON.stringify({ tool_calls: [{ type: 'function', function: { name: 'paint_wall', arguments: { shade: `${q}teal${q}`, coats: 2, notes: [`<escape>dry first<escape>`, { by: `${q}Ana${q}` }] } } }] });
    expect(argsOf(text)).toEqual({ shade: 'teal', coats: 2, notes: ['dry first', { by: 'Ana' }] });
  });

  it('property: in JSON, token-wrapped strings read as the strings themselves', () => {
    const text = fc.stringMatching(/^[a-z][a-z ,.]{0,19}$/);
    fc.assert(
      fc.property(text, fc.constantFrom(q, '<escape>'), fc.constantFrom('hermes', 'openai', 'mistral'), (shade, token, form) => {
        const args = { shade: `${token}${shade}${token}` };
        const written =
          form === 'hermes'
            ? `<tool_call>${JSON.stringify({ name: 'paint_wall', arguments: args })}</tool_call>`
            : form === 'openai'
              ? JSON.stringify({ type: 'function', function: { name: 'paint_wall', arguments: JSON.stringify(args) } })
              : `[TOOL_CALLS]paint_wall[ARGS]${JSON.stringify(args)}`;
        expect(argsOf(written)).toEqual({ shade });
      }),
      { numRuns: 120 },
    );
  });
});
