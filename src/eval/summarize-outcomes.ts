/**
 * The figures of an eval from its outcomes: per variant and category, then per variant over every
 * task (`category: 'all'`), and the recommended variant: the best accuracy over every task, ties
 * broken by fewer tokens per task (input + output), then by the order of the variants.
 */
import type { EvalOutcome, EvalRecommendation, EvalRow, EvalVariant } from '../spec/eval-report.ts';

const ALL_CATEGORIES = 'all';

export function summarizeOutcomes(
  outcomes: readonly EvalOutcome[],
  variants: readonly EvalVariant[],
  categories: readonly string[],
): { rows: EvalRow[]; recommended?: EvalRecommendation } {
  const rows: EvalRow[] = [];
  const totals: EvalRow[] = [];
  for (const variant of variants) {
    const mine = outcomes.filter((outcome) => outcome.variant === variant.id);
    for (const category of categories) {
      const inCategory = mine.filter((outcome) => outcome.category === category);
      if (inCategory.length > 0) rows.push(rowOf(variant, category, inCategory));
    }
    if (mine.length > 0) totals.push(rowOf(variant, ALL_CATEGORIES, mine));
  }
  const recommended = recommend(totals);
  return { rows: [...rows, ...totals], ...(recommended ? { recommended } : {}) };
}

export function rowOf(variant: EvalVariant, category: string, outcomes: readonly EvalOutcome[]): EvalRow {
  const tasks = outcomes.length;
  const count = (test: (outcome: EvalOutcome) => boolean) => outcomes.filter(test).length;
  const sum = (value: (outcome: EvalOutcome) => number) => outcomes.reduce((total, outcome) => total + value(outcome), 0);
  const correct = count((outcome) => outcome.correct);
  const latencies = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  return {
    variant: variant.id,
    protocol: variant.protocol,
    grammar: variant.grammar,
    category,
    tasks,
    correct,
    accuracy: correct / tasks,
    validFirstReplies: count((outcome) => outcome.firstReplyValid) / tasks,
    corrections: sum((outcome) => outcome.corrections),
    inputTokens: sum((outcome) => outcome.inputTokens) / tasks,
    outputTokens: sum((outcome) => outcome.outputTokens) / tasks,
    latencyP50Ms: percentile(latencies, 0.5),
    latencyP95Ms: percentile(latencies, 0.95),
  };
}

/** The nearest-rank percentile of sorted values (0 for none). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1]!;
}

/** The best total row: accuracy first, then fewer tokens per task; the earlier variant on a full tie. */
export function recommend(totals: readonly EvalRow[]): EvalRecommendation | undefined {
  let best: EvalRow | undefined;
  for (const row of totals) {
    if (!best || row.accuracy > best.accuracy || (row.accuracy === best.accuracy && tokensOf(row) < tokensOf(best))) best = row;
  }
  if (!best) return undefined;
  return { variant: best.variant, protocol: best.protocol, grammar: best.grammar, accuracy: best.accuracy, tokens: tokensOf(best) };
}

const tokensOf = (row: EvalRow) => row.inputTokens + row.outputTokens;
