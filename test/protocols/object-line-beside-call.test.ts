/**
 * A JSON object alone on its lines beside calls read is a step no reader read, never prose dropped
 * (`object-line-beside-call.ts`); an object inside a sentence or in inline code stays the prose's.
 * Written for reins.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { parseDecision } from '../../src/protocols/index.ts';

const tools: ToolSpec[] = [
  { name: 'ring_bell', inputSchema: { type: 'object', properties: { times: { type: 'integer' } } } },
  { name: 'open_gate', inputSchema: { type: 'object', properties: { gate: { type: 'string' } } } },
];
const read = (text: string) => parseDecision('native', text, { tools, maxActions: 2 });

const writers: ReadonlyArray<(times: number) => string> = [
  (times) => `ring_bell(times=${times})`,
  (times) => `<tool_call>\n{"name": "ring_bell", "arguments": {"times": ${times}}}\n</tool_call>`,
  (times) => `Action: ring_bell(${times})`,
];

describe('a JSON object on its own line beside calls', () => {
  it('corrects a call with an object line after or before it, in each call form', () => {
    for (const write of writers) {
      for (const text of [`${write(2)}\n{"gate": "north"}`, `{"kind": "chime"}\n${write(2)}`, `${write(2)}\n  {"gate": "north", "at": 5}  `]) {
        expect(read(text), text).toMatchObject({ success: false, error: { kind: 'no-decision' } });
      }
    }
  });

  it('keeps an empty object, an object inside a sentence and one in inline code as prose', () => {
    for (const text of ['ring_bell(times=2)\n{}', 'Ringing twice, as asked in {"times": 2} earlier.\nring_bell(times=2)', 'Ringing, per `{"times": 2}`.\nring_bell(times=2)']) {
      expect(read(text), text).toMatchObject({ success: true, decisions: [{ tool: 'ring_bell', args: { times: 2 } }] });
    }
  });

  it('property: a keyed object on a line of its own beside a read call is never dropped (fast-check)', () => {
    const key = fc.stringMatching(/^[a-z]{2,8}$/);
    const value = fc.oneof(fc.stringMatching(/^[a-z ]{0,12}$/), fc.integer(), fc.boolean());
    fc.assert(
      fc.property(fc.constantFrom(...writers), fc.integer({ min: 1, max: 9 }), key, value, fc.boolean(), (write, times, name, held, before) => {
        const object = JSON.stringify({ [name]: held });
        const text = before ? `${object}\n${write(times)}` : `${write(times)}\n${object}`;
        expect(read(text).success, text).toBe(false);
      }),
      { numRuns: 120 },
    );
  });
});
