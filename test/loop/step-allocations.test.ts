/**
 * The per-step allocation cuts keep what they replace: a turn's notes (shared empty object when the
 * codec noted nothing) and `usagePerStep`'s plain loop.
 */
import { describe, expect, it } from 'vitest';
import { usagePerStep } from '../../src/loop/count-usage.ts';
import { turnNotes } from '../../src/loop/next-turn.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';

type Accepted = Extract<ParseResult, { success: true }>;
const base: Accepted = { success: true, decision: { action: 'answer_user', answer: 'hi' }, decisions: [], thoughts: [], repaired: false, dialect: 'native' } as unknown as Accepted;

/** The notes as they were built before the shared empty object: only the fields the codec set. */
function slowNotes(parsed: Accepted): Record<string, unknown> {
  const notes: Record<string, unknown> = {};
  if (parsed.actions) notes.actions = parsed.actions;
  if (parsed.status !== undefined) notes.status = parsed.status;
  if (parsed.finalResponse !== undefined) notes.finalResponse = parsed.finalResponse;
  if (parsed.reportsFailure) notes.reportsFailure = parsed.reportsFailure;
  if (parsed.finalTurn) notes.finalTurn = parsed.finalTurn;
  return notes;
}

describe('turnNotes', () => {
  it('equals the field-by-field notes for every combination of noted fields, keys in the same order', () => {
    const fields = {
      actions: [[{}], undefined],
      status: ['done', '', undefined],
      finalResponse: ['bye', '', undefined],
      reportsFailure: [{ status: 'failed' }, undefined],
      finalTurn: [true, false, undefined],
    } as const;
    let combos: Record<string, unknown>[] = [{}];
    for (const [key, values] of Object.entries(fields)) combos = combos.flatMap((combo) => values.map((value) => (value === undefined ? combo : { ...combo, [key]: value })));
    expect(combos.length).toBe(2 * 3 * 3 * 2 * 3);
    for (const combo of combos) {
      const parsed = { ...base, ...combo } as Accepted;
      const notes = turnNotes(parsed);
      expect(notes).toStrictEqual(slowNotes(parsed));
      expect(Object.keys(notes)).toEqual(Object.keys(slowNotes(parsed)));
    }
  });

  it('shares one frozen empty object when nothing was noted', () => {
    const notes = turnNotes(base);
    expect(Object.isFrozen(notes)).toBe(true);
    expect(turnNotes(base)).toBe(notes);
  });
});

describe('usagePerStep', () => {
  it('has one entry per step, a fresh zero usage for a step without one', () => {
    const used = { inputTokens: 3, outputTokens: 4 };
    const perStep = usagePerStep({ step: 3, stepUsage: [used] });
    expect(perStep).toEqual([used, { inputTokens: 0, outputTokens: 0 }, { inputTokens: 0, outputTokens: 0 }]);
    expect(perStep[0]).toBe(used);
    expect(perStep[1]).not.toBe(perStep[2]);
    expect(usagePerStep({ step: 0, stepUsage: [] })).toEqual([]);
    expect(usagePerStep({ step: 1, stepUsage: [used, used] })).toHaveLength(2);
  });
});
