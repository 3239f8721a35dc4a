/** An EvalStore in process memory, for tests and short-lived embedding: values are copied through JSON, as a database would keep them. */
import { randomUUID } from 'node:crypto';
import { EvalNotFoundError } from '../errors/eval-not-found-error.ts';
import type { EvalReport, EvalSummary } from '../spec/eval-report.ts';
import { recommendationOf, summaryOf, type EvalStore, type ListEvalsOptions, type StoredRecommendation } from './eval-store.ts';
import { DEFAULT_LIST_LIMIT } from './select-runs.ts';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class MemoryEvalStore implements EvalStore {
  /** Oldest first. */
  readonly #evals: EvalReport[] = [];

  async saveEval(report: EvalReport): Promise<string> {
    const id = randomUUID();
    this.#evals.push(copy({ ...report, id }));
    return id;
  }

  async loadEval(id: string): Promise<EvalReport> {
    const found = this.#evals.find((report) => report.id === id);
    if (!found) throw new EvalNotFoundError(id);
    return copy(found);
  }

  async listEvals(options: ListEvalsOptions = {}): Promise<EvalSummary[]> {
    return this.#newestFirst(options.model)
      .slice(0, options.limit ?? DEFAULT_LIST_LIMIT)
      .map((report) => copy({ ...summaryOf(report), id: report.id! }));
  }

  async recommendation(model: string): Promise<StoredRecommendation | undefined> {
    const found = this.#newestFirst(model).find((report) => !report.interrupted && report.recommended);
    return found && recommendationOf(found.id!, summaryOf(found));
  }

  async close(): Promise<void> {
    this.#evals.length = 0;
  }

  #newestFirst(model: string | undefined): EvalReport[] {
    // Newest saved first among evals that finished at the same instant.
    return this.#evals.filter((report) => model === undefined || report.model === model).reverse().sort((a, b) => (a.finishedAt < b.finishedAt ? 1 : a.finishedAt > b.finishedAt ? -1 : 0));
  }
}
