/**
 * The EvalStore on `node:sqlite`: the `evals` and `eval_outcomes` tables of the sessions file (the
 * same file as the runs, `sqlite-schema.ts`). A whole eval is written in one transaction. Opened
 * read-only (the UI), a file of an older version without the tables reads as holding no evals.
 */
import { randomUUID } from 'node:crypto';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { EvalNotFoundError } from '../errors/eval-not-found-error.ts';
import type { EvalOutcome, EvalReport, EvalSummary } from '../spec/eval-report.ts';
import { recommendationOf, summaryOf, type EvalStore, type ListEvalsOptions, type StoredRecommendation } from './eval-store.ts';
import { openSessionsDatabase } from './open-sessions-database.ts';
import { DEFAULT_LIST_LIMIT } from './select-runs.ts';
import { defaultSessionsPath } from './sqlite-store.ts';
import { guardSqlite } from './guard-sqlite.ts';

export interface SqliteEvalStoreOptions {
  /** The sessions file, or `':memory:'`. @default as SqliteStore (REINS_SESSIONS_DB, else the user data folder) */
  path?: string;
  /** Only read: never creates or changes the file. @default false */
  readOnly?: boolean;
  /** Create the file when missing. @default true */
  create?: boolean;
  /** How long a write waits for another process holding the write lock. @default 5000 */
  busyTimeoutMs?: number;
}

interface EvalRowData {
  id: string;
  summary: string;
}

export class SqliteEvalStore implements EvalStore {
  readonly path: string;
  readonly #db: DatabaseSync;

  constructor(options: SqliteEvalStoreOptions = {}) {
    this.path = options.path ?? defaultSessionsPath();
    this.#db = openSessionsDatabase(this.path, { readOnly: options.readOnly ?? false, create: options.create ?? true, busyTimeoutMs: options.busyTimeoutMs ?? 5000 });
  }

  async saveEval(report: EvalReport): Promise<string> {
    return this.#guard('save-eval', () => {
      const id = randomUUID();
      const summary = summaryOf(report);
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        this.#db
          .prepare('INSERT INTO evals (id, model, finished_at, interrupted, recommended, summary) VALUES (?, ?, ?, ?, ?, ?)')
          .run(id, report.model, report.finishedAt, report.interrupted ? 1 : 0, report.recommended?.variant ?? null, JSON.stringify(summary));
        const insert = this.#db.prepare('INSERT INTO eval_outcomes (eval_id, seq, variant, task_id, correct, body) VALUES (?, ?, ?, ?, ?, ?)');
        report.outcomes.forEach((outcome, index) => insert.run(id, index + 1, outcome.variant, outcome.taskId, outcome.correct ? 1 : 0, JSON.stringify(outcome)));
        this.#db.exec('COMMIT');
      } catch (error) {
        this.#db.exec('ROLLBACK');
        throw error;
      }
      return id;
    });
  }

  async loadEval(id: string): Promise<EvalReport> {
    return this.#guard('load-eval', () => {
      const row = this.#hasTables() ? (this.#db.prepare('SELECT id, summary FROM evals WHERE id = ?').get(id) as EvalRowData | undefined) : undefined;
      if (!row) throw new EvalNotFoundError(id);
      const outcomes = (this.#db.prepare('SELECT body FROM eval_outcomes WHERE eval_id = ? ORDER BY seq').all(id) as { body: string }[]).map(
        (outcome) => JSON.parse(outcome.body) as EvalOutcome,
      );
      return { ...(JSON.parse(row.summary) as EvalSummary), id, outcomes };
    });
  }

  async listEvals(options: ListEvalsOptions = {}): Promise<EvalSummary[]> {
    return this.#guard('list-evals', () => this.#newest(options.model, 'TRUE', options.limit ?? DEFAULT_LIST_LIMIT).map(toSummary));
  }

  async recommendation(model: string): Promise<StoredRecommendation | undefined> {
    return this.#guard('recommendation', () => {
      const [row] = this.#newest(model, 'interrupted = 0 AND recommended IS NOT NULL', 1);
      return row && recommendationOf(row.id, JSON.parse(row.summary) as EvalSummary);
    });
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }

  #newest(model: string | undefined, condition: string, limit: number): EvalRowData[] {
    if (!this.#hasTables()) return [];
    const parameters: SQLInputValue[] = model === undefined ? [] : [model];
    const where = `${model === undefined ? '' : 'model = ? AND '}${condition}`;
    return this.#db.prepare(`SELECT id, summary FROM evals WHERE ${where} ORDER BY finished_at DESC, rowid DESC LIMIT ?`).all(...parameters, limit) as unknown as EvalRowData[];
  }

  #tables: boolean | undefined;
  /** A read-only file of an older version has no eval tables. */
  #hasTables(): boolean {
    this.#tables ??= this.#db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'evals'").get() !== undefined;
    return this.#tables;
  }

  #guard<T>(operation: string, action: () => T): T {
    return guardSqlite(operation, this.path, action);
  }
}

const toSummary = (row: EvalRowData): EvalSummary => ({ ...(JSON.parse(row.summary) as EvalSummary), id: row.id });
