/**
 * Scores one codec parse against what a corpus record expects. Compares parsed JSON values, never
 * text. Four outcomes:
 * - `accepted-correct`: accepted, and the decisions are the expected calls (same names, deep-equal
 *   args, same order) or the expected answer (whitespace-insensitive);
 * - `rejected-correctly`: rejected where the record expects no decision (malformed input);
 * - `rejected`: rejected where the record expects calls or an answer;
 * - `wrongly-accepted`: accepted with other decisions than expected, or accepted where the record
 *   expects a rejection.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Decision } from '../../src/decision.ts';
import type { ParseResult } from '../../src/protocols/codec.ts';

export interface ExpectedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What a record says a correct parser yields. */
export type Expectation =
  | { kind: 'calls'; calls: ExpectedCall[] }
  | { kind: 'answer'; text: string }
  | { kind: 'reject' };

export type Outcome = 'accepted-correct' | 'rejected-correctly' | 'rejected' | 'wrongly-accepted';

export const outcomes: readonly Outcome[] = ['accepted-correct', 'rejected-correctly', 'rejected', 'wrongly-accepted'];

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function matches(decisions: readonly Decision[], expect: Exclude<Expectation, { kind: 'reject' }>): boolean {
  if (expect.kind === 'answer') {
    const [only] = decisions;
    return decisions.length === 1 && only?.action === 'answer_user' && collapse(only.answer) === collapse(expect.text);
  }
  if (decisions.length !== expect.calls.length) return false;
  return expect.calls.every((call, index) => {
    const decision = decisions[index];
    return decision?.action === 'call_tool' && decision.tool === call.name && isDeepStrictEqual(decision.args, call.arguments);
  });
}

export function scoreParse(result: ParseResult, expect: Expectation): Outcome {
  if (!result.success) return expect.kind === 'reject' ? 'rejected-correctly' : 'rejected';
  if (expect.kind === 'reject') return 'wrongly-accepted';
  return matches(result.decisions, expect) ? 'accepted-correct' : 'wrongly-accepted';
}

/** Counts per outcome. */
export type Tally = Record<Outcome, number>;

export function emptyTally(): Tally {
  return { 'accepted-correct': 0, 'rejected-correctly': 0, rejected: 0, 'wrongly-accepted': 0 };
}

export function tallyTotal(tally: Tally): number {
  return outcomes.reduce((sum, outcome) => sum + tally[outcome], 0);
}
