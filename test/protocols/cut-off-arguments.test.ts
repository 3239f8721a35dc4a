/**
 * A tool's arguments, its name left out, cut off before the object closes or not reading as JSON
 * (`cut-off-arguments.ts`): corrected, never returned as the answer; such an object holding a key no
 * tool declares stays the model's own text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  {
    name: 'plant_tree',
    inputSchema: { type: 'object', properties: { species: { type: 'string' }, plot: { type: 'integer' }, tags: { type: 'array' } }, required: ['species'] },
  },
  { name: 'water_all', inputSchema: { type: 'object', properties: { litres: { type: 'number' } } } },
];
const parse = (text: string) => parseDecision('native', text, { tools });

describe('arguments cut off with no tool named', () => {
  it.each([
    ['inside a value', '{"species": "Birch'],
    ['after a separator', '{"species": "Birch",'],
    ['after a key and its colon', '{"species": "Birch", "plot":'],
    ['inside a key (the start of a declared one)', '{"spec'],
    ['inside a list value', '{"species": "Oak", "tags": ["shade", "tall"'],
    ['right after a closed value, only the outer brace missing', '{"species": "Oak", "tags": ["shade"]'],
    ['inside an opened fence', '```json\n{"species": "Ash", "plot": 4'],
  ])('%s: corrected, naming the tool', (_label, text) => {
    expect(parse(text), text).toMatchObject({ success: false, error: { message: expect.stringContaining('arguments of `plant_tree`, cut off'), toolName: 'plant_tree' } });
  });

  it.each([
    ['an escape JSON has not', '{"species": "C:\\q"}'],
    ['a value a repair could only guess', '{"species": "Oak", "plot": TRUE}'],
  ])('closed but not reading as JSON, %s: corrected, naming the tool', (_label, text) => {
    expect(parse(text), text).toMatchObject({ success: false, error: { message: expect.stringContaining('arguments of `plant_tree`, in JSON that does not read'), toolName: 'plant_tree' } });
  });

  it.each([
    ['a key no tool declares', '{"species": "Oak", "height": 3'],
    ['a broken object with a key no tool declares', '{"height": TRUE}'],
    ['a cut key no declared one starts with', '{"colour'],
    ['a tool without required parameters', '{"litres": 4'],
    ['a lone opening brace', '{'],
    ['prose before the object', 'Plan: {"species": "Oak"'],
  ])('%s: stays the answer', (_label, text) => {
    const result = parse(text);
    expect(result.success && result.decision.action, text).toBe('answer_user');
  });
});

describe('property: arguments cut anywhere after their first key begins are never the answer (fast-check)', () => {
  const species = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/);
  it('keyed only by declared parameters', () => {
    fc.assert(
      fc.property(species, fc.integer({ min: 0, max: 999 }), fc.nat(), (name, plot, at) => {
        const whole = JSON.stringify({ species: name, plot, tags: ['x'] });
        const cut = whole.slice(0, 3 + (at % (whole.length - 3)));
        const result = parse(cut);
        expect(result.success && result.decision.action, cut).not.toBe('answer_user');
        expect(result.success, cut).toBe(false);
      }),
    );
  });
});

describe('property: arguments opening the reply, whatever words follow, are never the answer (fast-check)', () => {
  it('with any prose after them', () => {
    const words = fc.stringMatching(/^[A-Za-z ,.!?]{0,30}$/);
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/), fc.integer({ min: 0, max: 99 }), words, (name, plot, after) => {
        const reply = `${JSON.stringify({ species: name, plot })}\n${after}`;
        expect(parse(reply).success, reply).toBe(false);
      }),
    );
  });
});
