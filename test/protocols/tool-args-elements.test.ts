/**
 * A call element holding an element that names the tool and one arguments element of argument
 * elements, in a plural wrapper or not (`tool-args-elements.ts`: the format proxies that give models
 * without native tools function calling prompt for): read where the body is exactly that, corrected
 * otherwise, never the answer with its markup and never run without its arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'water_plant', inputSchema: { type: 'object', properties: { plant: { type: 'string' }, litres: { type: 'number' } }, required: ['plant'] } },
  { name: 'tag_photos', inputSchema: { type: 'object', properties: { labels: {}, limit: {}, album: {} } } },
  { name: 'list_plants', inputSchema: { type: 'object', properties: {} } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });
const block = (calls: string) => `<function_calls>\n${calls}\n</function_calls>`;

describe('a call element with a tool element and an arguments element is a call', () => {
  it('reads the calls of a plural wrapper in order, typed by the schema, the prose before them their reason', () => {
    const text = `Let me water it first.\n${block('<function_call>\n  <tool>water_plant</tool>\n  <args>\n    <plant>basil</plant>\n    <litres>0.25</litres>\n  </args>\n</function_call>\n<function_call><tool>list_plants</tool></function_call>')}`;
    const result = parse(text);
    expect(result.success).toBe(true);
    if (result.success) expect(result.decisions).toMatchObject([{ tool: 'water_plant', args: { plant: 'basil', litres: 0.25 }, reason: 'Let me water it first.' }, { tool: 'list_plants', args: {} }]);
  });

  it('reads an untyped value as the JSON it spells, else as its text', () => {
    const text = '<function_call><tool>tag_photos</tool><arguments><labels>["dusk", "pier"]</labels><limit>12</limit><album>summer trip</album></arguments></function_call>';
    expect(parse(text)).toMatchObject({ success: true, decision: { tool: 'tag_photos', args: { labels: ['dusk', 'pier'], limit: 12, album: 'summer trip' } } });
  });

  it('takes a call-element opening never closed right before the calls as their label', () => {
    const text = `<tool_call>\n${block('<function_call><tool>water_plant</tool><args><plant>fern</plant></args></function_call>')}`;
    expect(parse(text)).toMatchObject({ success: true, decision: { tool: 'water_plant', args: { plant: 'fern' } } });
  });

  it.each([
    ['never closed', `${'<function_calls>\n<function_call><tool>water_plant</tool><args><plant>fern</plant>'}`],
    ['an argument the tool does not declare', block('<function_call><tool>water_plant</tool><args><plant>fern</plant><when>now</when></args></function_call>')],
    ['prose inside the call', block('<function_call><tool>water_plant</tool> water the fern <args><plant>fern</plant></args></function_call>')],
    ['two arguments elements', block('<function_call><tool>water_plant</tool><args><plant>fern</plant></args><args><plant>ivy</plant></args></function_call>')],
    ['a value its schema refuses', block('<function_call><tool>water_plant</tool><args><plant>fern</plant><litres>lots</litres></args></function_call>')],
  ])('%s: corrected, never the answer and never run without its arguments', (_label, text) => {
    expect(parse(text).success, text).toBe(false);
  });

  it('markup quoted as code stays the answer', () => {
    const text = 'Write calls like `<function_call><tool>water_plant</tool><args><plant>fern</plant></args></function_call>` in your reply.';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });
});

describe('property: such a call is read as written, with all its arguments, or refused (fast-check)', () => {
  const word = fc.stringMatching(/^[a-z][a-z ]{0,10}[a-z]$/);
  const prose = fc.stringMatching(/^[A-Za-z ,.!]{0,20}$/);
  const wrapper = fc.constantFrom('function_call', 'tool_call', 'invoke', 'use_tool', 'api-call');
  const nameTag = fc.constantFrom('tool', 'name', 'tool_name');
  const argsTag = fc.constantFrom('args', 'arguments', 'parameters', 'params');

  it('whatever the element names, the wrapper and the prose before it', () => {
    fc.assert(
      fc.property(prose, fc.boolean(), wrapper, nameTag, argsTag, word, fc.integer({ min: 0, max: 99 }), (before, plural, call, name, args, plant, litres) => {
        const one = `<${call}><${name}>water_plant</${name}><${args}><plant>${plant}</plant><litres>${litres}</litres></${args}></${call}>`;
        const result = parse(`${before}${plural ? block(one) : one}`);
        if (result.success) expect(result.decisions).toEqual([expect.objectContaining({ action: 'call_tool', tool: 'water_plant', args: { plant, litres } })]);
      }),
    );
  });
});
