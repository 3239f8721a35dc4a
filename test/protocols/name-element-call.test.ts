/**
 * A call written as a wrapper element holding `<name>` and one element per argument
 * (`name-element-call.ts`): read where the body is exactly the tool's name and its declared
 * parameters, and the wrapper closes at one place; anything else is corrected, never the answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'water_plant', inputSchema: { type: 'object', properties: { plant: { type: 'string' }, litres: { type: 'number' } }, required: ['plant'] } },
  { name: 'note', inputSchema: { type: 'object', properties: { text: {} } } },
];
const parse = (text: string) => parseDecision('native', text, { tools, maxActions: 3 });

describe('a wrapper element with <name> and argument elements is a call', () => {
  it('reads the call amid prose, values typed by the schema', () => {
    const text = 'Watering now.\n<do_it>\n  <name>water_plant</name>\n  <plant>fern</plant>\n  <litres>0.5</litres>\n</do_it>\nBack soon.';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'call_tool', tool: 'water_plant', args: { plant: 'fern', litres: 0.5 } } });
  });

  it('keeps an untyped value as its text, and reads several calls in order', () => {
    const text = '<act><name>note</name><text>42</text></act> then <act><name>water_plant</name><plant>ivy</plant></act>';
    const result = parse(text);
    expect(result.success).toBe(true);
    if (result.success) expect(result.decisions).toMatchObject([{ tool: 'note', args: { text: '42' } }, { tool: 'water_plant', args: { plant: 'ivy' } }]);
  });

  it.each([
    ['never closed', 'Sure <act><name>water_plant</name><plant>fern'],
    ['a call nested in an argument (two readings)', '<act><name>note</name><text>a <act><name>water_plant</name><plant>ivy</plant></act> b</text></act>'],
    ['an element no parameter of the tool names', '<act><name>water_plant</name><plant>fern</plant><when>now</when></act>'],
  ])('%s: corrected, never the answer', (_label, text) => {
    expect(parse(text).success, text).toBe(false);
  });

  it('an echoed definition with a description stays the answer', () => {
    const text = 'It is declared as <fn><name>water_plant</name><description>Waters a plant.</description></fn>.';
    expect(parse(text)).toMatchObject({ success: true, decision: { action: 'answer_user' } });
  });
});

describe('property: such a wrapper is read as the call written, or refused (fast-check)', () => {
  const word = fc.stringMatching(/^[a-z][a-z ]{0,10}[a-z]$/);
  const wrapper = fc.stringMatching(/^[a-z][a-z_]{0,8}$/).filter((name) => !['tool', 'tool_call', 'tool_use', 'name', 'plant', 'litres', 'text'].includes(name));
  const prose = fc.stringMatching(/^[A-Za-z ,.!]{0,20}$/);

  it('whatever the wrapper and the prose around it', () => {
    fc.assert(
      fc.property(prose, wrapper, word, prose, (before, tag, plant, after) => {
        const text = `${before}<${tag}><name>water_plant</name><plant>${plant}</plant></${tag}>${after}`;
        const result = parse(text);
        if (result.success) expect(result.decision).toMatchObject({ action: 'call_tool', tool: 'water_plant', args: { plant } });
      }),
    );
  });
});
