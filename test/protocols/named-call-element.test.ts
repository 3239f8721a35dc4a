/**
 * A call element whose `name` attribute names an offered tool (`<tool name="x">`, `<use_tool name="x">`),
 * its arguments as child elements: read, also several inside a `<tools>` list; an empty or
 * self-closing element is a call with no arguments; a body of one JSON object (`<tool_call name="x">{..}`)
 * is the arguments it names. Bare text as the body, or elements inside a
 * value whose property declares no type, are corrected, never guessed; so is a self-closing one, and a
 * JSON body with text beside it or keys the tool does not take. Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'water_plant', inputSchema: { type: 'object', properties: { plant: { type: 'string' }, litres: { type: 'number' } }, required: ['plant'] } },
  { name: 'list_plants', inputSchema: { type: 'object', properties: {} } },
  { name: 'log_note', inputSchema: { type: 'object', properties: { note: {} } } },
];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });

describe('call elements named by attribute', () => {
  it('reads child elements as arguments, typed by the schema, and an empty element as a call without arguments', () => {
    expect(read('<tool name="water_plant"><plant>fern</plant><litres>0.5</litres></tool>')).toMatchObject({ success: true, decisions: [{ tool: 'water_plant', args: { plant: 'fern', litres: 0.5 } }] });
    expect(read('<tools>\n  <tool name="list_plants"></tool>\n  <use_tool name="list_plants"></use_tool>\n</tools>')).toMatchObject({ success: true, decisions: [{ tool: 'list_plants', args: {} }, { tool: 'list_plants', args: {} }] });
  });

  it('corrects bare text as the body, and elements inside an untyped value; keeps the element quoted as code as the answer', () => {
    for (const text of ['<tool name="water_plant">fern</tool>', '<tool name="log_note"><note><a>1</a></note></tool>', '<use_tool name="list_plants"/>']) {
      expect(read(text).success, text).toBe(false);
    }
    expect(read('Write `<tool name="list_plants"></tool>` to list them.')).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });

  it('property: the arguments read are the elements written, in a list of any length', () => {
    const plant = fc.stringMatching(/^[a-z][a-z ]{0,10}$/);
    const litres = fc.integer({ min: 0, max: 99 });
    fc.assert(
      fc.property(fc.array(fc.tuple(plant, litres), { minLength: 1, maxLength: 3 }), (calls) => {
        const body = calls.map(([name, amount]) => `<tool name="water_plant"><plant>${name}</plant><litres>${amount}</litres></tool>`).join('\n');
        const result = read(`<tools>\n${body}\n</tools>`);
        return (
          result.success &&
          JSON.stringify(result.decisions.map((decision) => (decision.action === 'call_tool' ? decision.args : decision.action))) ===
            JSON.stringify(calls.map(([name, amount]) => ({ plant: name, litres: amount })))
        );
      }),
    );
  });
  it('reads a body of one JSON object as the arguments, under any call tag and a name or tool attribute', () => {
    expect(read('<tool_call name="water_plant">{"plant": "fern", "litres": 2}</tool_call>')).toMatchObject({ success: true, decisions: [{ tool: 'water_plant', args: { plant: 'fern', litres: 2 } }] });
    expect(read('Watering.\n<tool tool="water_plant">\n{"plant": "ivy"}\n</tool>')).toMatchObject({ success: true, decisions: [{ tool: 'water_plant', args: { plant: 'ivy' } }] });
    expect(read('<function_call name="list_plants">{}</function_call>')).toMatchObject({ success: true, decisions: [{ tool: 'list_plants', args: {} }] });
  });

  it('reads <parameter name=".."> elements that make up the whole body; text beside them or a value cut off is corrected', () => {
    expect(read('<tool_call name="water_plant">\n<parameter name="plant">fern</parameter>\n<parameter name="litres">1.5</parameter>\n</tool_call>')).toMatchObject({ success: true, decisions: [{ tool: 'water_plant', args: { plant: 'fern', litres: 1.5 } }] });
    expect(read("<tool name='water_plant'><param name='plant'>moss</param></tool>")).toMatchObject({ success: true, decisions: [{ tool: 'water_plant', args: { plant: 'moss' } }] });
    for (const text of ['<tool_call name="water_plant"><parameter name="plant">fern</parameter> soon</tool_call>', '<tool_call name="water_plant"><parameter name="plant">fe</parameter>rn</parameter></tool_call>', '<tool_call name="water_plant"><parameter name="plant">fern']) {
      expect(read(text).success, text).toBe(false);
    }
  });

  it('property: a JSON body runs only whole, alone and with the keys the tool takes (fast-check)', () => {
    const plant = fc.stringMatching(/^[a-z]{2,9}$/);
    const tag = fc.constantFrom('tool', 'tool_call', 'use_tool', 'function_call');
    fc.assert(
      fc.property(tag, plant, fc.nat({ max: 20 }), fc.nat(), (name, value, litres, at) => {
        const json = JSON.stringify({ plant: value, litres });
        const whole = `<${name} name="water_plant">${json}</${name}>`;
        expect(read(whole)).toMatchObject({ success: true, decisions: [{ tool: 'water_plant', args: { plant: value, litres } }] });
        const ranCall = (text: string) => {
          const result = read(text);
          return result.success && result.decisions.some((decision) => decision.action === 'call_tool');
        };
        expect(ranCall(`<${name} name="water_plant">${json} then more</${name}>`)).toBe(false);
        expect(ranCall(`<${name} name="water_plant">${JSON.stringify({ plant: value, pot: 'big' })}</${name}>`)).toBe(false);
        expect(ranCall(`<${name} name="list_plants">${JSON.stringify({ name: 'water_plant', arguments: { plant: value } })}</${name}>`)).toBe(false);
        const cut = whole.slice(0, whole.indexOf(value) + (at % (whole.length - whole.indexOf(value) - 3)));
        expect(ranCall(cut), cut).toBe(false);
      }),
      { numRuns: 120 },
    );
  });
});
