import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const step = { type: 'object', properties: { label: { type: 'string' }, done: { type: 'boolean' } }, required: ['label'] };
const plan: ToolSpec = {
  name: 'save_plan',
  inputSchema: {
    type: 'object',
    properties: { steps: { type: 'array', items: step }, owner: { type: 'object', properties: { team: { type: 'object' } } }, memo: { type: 'string' }, extra: {} },
    required: ['steps'],
  } as JsonSchema,
};
const tools = [plan];

/** Three dialects that carry a JSON call: a bare object, a Hermes block, a Mistral list. */
const writers: ReadonlyArray<(args: string) => string> = [
  (args) => `{"name": "save_plan", "arguments": ${args}}`,
  (args) => `<tool_call>\n{"name": "save_plan", "arguments": ${args}}\n</tool_call>`,
  (args) => `[TOOL_CALLS][{"name": "save_plan", "arguments": ${args}}]`,
];

function read(text: string) {
  const result = parseDecision('native', text, { tools });
  if (!result.success) return { refused: result.error.kind };
  return result.decision.action === 'call_tool' ? result.decision.args : { answered: result.decision.action };
}

describe('a list or an object written as JSON text in a string', () => {
  it('is read as that value where the schema takes only a list or an object', () => {
    const steps = JSON.stringify([{ label: 'pack', done: false }]);
    for (const write of writers) {
      expect(read(write(JSON.stringify({ steps })))).toEqual({ steps: [{ label: 'pack', done: false }] });
    }
  });

  it('reads encoded text inside an encoded value by its own schema, and the rest as written', () => {
    const owner = JSON.stringify({ team: JSON.stringify({ lead: 'Ines' }) });
    const args = JSON.stringify({ steps: [], owner, memo: '[not a list', extra: '{"kept": "as text"}' });
    expect(read(writers[0]!(args))).toEqual({ steps: [], owner: { team: { lead: 'Ines' } }, memo: '[not a list', extra: '{"kept": "as text"}' });
  });

  it('keeps a string where the schema takes a string, or declares no type', () => {
    const args = JSON.stringify({ steps: [], memo: '["a"]', extra: '[1, 2]' });
    expect(read(writers[1]!(args))).toEqual({ steps: [], memo: '["a"]', extra: '[1, 2]' });
  });

  it('refuses text that is not strict JSON of the declared type, never repairing it', () => {
    for (const steps of ['[{"label": "pack"', "[{'label': 'pack'}]", '{"label": "pack"}', '[{"label": "a", "label": "b"}]', 'pack']) {
      expect(read(writers[0]!(JSON.stringify({ steps })))).toEqual({ refused: 'invalid-args' });
    }
  });

  it('refuses a decoded value its schema still refuses', () => {
    expect(read(writers[2]!(JSON.stringify({ steps: JSON.stringify([{ done: true }]) })))).toEqual({ refused: 'invalid-args' });
  });

  it('property: any list of steps reads the same written as a list or as its JSON text, in every JSON dialect', () => {
    const label = fc.string({ maxLength: 12 });
    const steps = fc.array(fc.record({ label, done: fc.boolean() }), { maxLength: 4 });
    fc.assert(
      fc.property(steps, fc.constantFrom(...writers), fc.constantFrom('', ' ', '\n'), (list, write, pad) => {
        const direct = read(write(JSON.stringify({ steps: list })));
        const encoded = read(write(JSON.stringify({ steps: pad + JSON.stringify(list) + pad })));
        expect(encoded).toEqual(direct);
        expect(encoded).toEqual({ steps: list });
      }),
      { numRuns: 150 },
    );
  });

  it('property: a string in a list-typed property is read as strict JSON or corrected, never repaired or guessed', () => {
    const steps = fc.array(fc.record({ label: fc.string({ maxLength: 8 }), done: fc.boolean() }), { minLength: 1, maxLength: 3 }).map((list) => JSON.stringify(list));
    // Valid lists, and the damage a repair would read by guessing: cut off, single quotes, a trailing comma.
    const text = fc.oneof(
      steps,
      steps.map((json) => json.slice(0, -1)),
      steps.map((json) => json.replace(/"/g, "'")),
      steps.map((json) => json.replace(/\]$/, ',]')),
      fc.string({ maxLength: 24 }),
      fc.json({ maxDepth: 2 }),
    );
    fc.assert(
      fc.property(text, fc.constantFrom(...writers), (written, write) => {
        const result = read(write(JSON.stringify({ steps: written })));
        if ('refused' in result) return;
        let strict: unknown;
        try {
          strict = JSON.parse(written);
        } catch {
          strict = undefined;
        }
        expect(result).toEqual({ steps: strict });
      }),
      { numRuns: 300 },
    );
  });
});
