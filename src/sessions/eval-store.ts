/**
 * The EvalStore spec: where `reins eval` keeps its results, beside the runs (the same SQLite file or
 * Postgres database, tables `evals` and `eval_outcomes`), so `reins ui` can show them and `reins run
 * --protocol auto` can use the recommended protocol of a model. One contract suite
 * (test/sessions/eval-store-contract.ts) runs over every implementation.
 */
import type { EvalRecommendation, EvalReport, EvalSummary } from '../spec/eval-report.ts';

export interface ListEvalsOptions {
  /** Only evals of this model (its model string). @default every model */
  model?: string;
  /** At most this many, newest first. @default 50 */
  limit?: number;
}

/** The recommendation of a stored eval, with which eval and when. */
export interface StoredRecommendation extends EvalRecommendation {
  evalId: string;
  /** When the eval finished (ISO-8601). */
  at: string;
}

export interface EvalStore {
  /** Keeps a whole eval (summary and outcomes) in one transaction; returns its id. */
  saveEval(report: EvalReport): Promise<string>;
  /** The eval with its outcomes, in the order they were saved. Rejects with `EvalNotFoundError` for an unknown id. */
  loadEval(id: string): Promise<EvalReport>;
  /** Evals newest first (by when they finished), without their outcomes. */
  listEvals(options?: ListEvalsOptions): Promise<EvalSummary[]>;
  /** The recommendation of the model's newest eval that ran to its end and has one; undefined when none. */
  recommendation(model: string): Promise<StoredRecommendation | undefined>;
  /** Releases the database. */
  close(): Promise<void>;
}

/** The summary of a report, as stored in `evals.summary` (outcomes live in their own rows). */
export function summaryOf(report: EvalReport): EvalSummary {
  const { outcomes: _outcomes, id: _id, ...summary } = report;
  return summary;
}

/** The stored recommendation of a summary row, when it has one. */
export function recommendationOf(id: string, summary: EvalSummary): StoredRecommendation | undefined {
  return summary.recommended ? { ...summary.recommended, evalId: id, at: summary.finishedAt } : undefined;
}
