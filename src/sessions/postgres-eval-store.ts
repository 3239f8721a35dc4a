/**
 * The EvalStore on Postgres: the `reins_evals` and `reins_eval_outcomes` tables of the sessions
 * database (`postgres-schema.ts`, created with the runs' tables by `openPostgresPool`). A whole eval
 * is written in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { EvalNotFoundError } from '../errors/eval-not-found-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { SessionStoreError } from '../errors/session-store-error.ts';
import type { EvalOutcome, EvalReport, EvalSummary } from '../spec/eval-report.ts';
import { recommendationOf, summaryOf, type EvalStore, type ListEvalsOptions, type StoredRecommendation } from './eval-store.ts';
import { openPostgresPool } from './postgres-pool.ts';
import { safeUrl } from './postgres-store.ts';
import { DEFAULT_LIST_LIMIT } from './select-runs.ts';

export interface PostgresEvalStoreOptions {
  /** The database, as a `postgres://user:password@host:port/database` URL. */
  url: string;
  /** Only read: the schema is not touched and Postgres refuses writes. @default false */
  readOnly?: boolean;
}

/** Postgres' error code for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

interface EvalRowData {
  id: string;
  summary: string;
}

export class PostgresEvalStore implements EvalStore {
  /** The database URL without its password. */
  readonly path: string;
  readonly #url: string;
  readonly #readOnly: boolean;
  #pool: Promise<Pool> | undefined;

  constructor(options: PostgresEvalStoreOptions) {
    this.#url = options.url;
    this.path = safeUrl(options.url);
    this.#readOnly = options.readOnly ?? false;
  }

  async saveEval(report: EvalReport): Promise<string> {
    return this.#guard('save-eval', async (pool) => {
      const id = randomUUID();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('INSERT INTO reins_evals (id, model, finished_at, interrupted, recommended, summary) VALUES ($1, $2, $3, $4, $5, $6)', [
          id, report.model, report.finishedAt, report.interrupted, report.recommended?.variant ?? null, JSON.stringify(summaryOf(report)),
        ]);
        for (const [index, outcome] of report.outcomes.entries()) {
          await client.query('INSERT INTO reins_eval_outcomes (eval_id, seq, variant, task_id, correct, body) VALUES ($1, $2, $3, $4, $5, $6)', [
            id, index + 1, outcome.variant, outcome.taskId, outcome.correct, JSON.stringify(outcome),
          ]);
        }
        await client.query('COMMIT');
        return id;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }

  async loadEval(id: string): Promise<EvalReport> {
    return this.#guard('load-eval', async (pool) => {
      const { rows } = await pool.query<EvalRowData>('SELECT id, summary FROM reins_evals WHERE id = $1', [id]);
      if (!rows[0]) throw new EvalNotFoundError(id);
      const outcomes = await pool.query<{ body: string }>('SELECT body FROM reins_eval_outcomes WHERE eval_id = $1 ORDER BY seq', [id]);
      return { ...(JSON.parse(rows[0].summary) as EvalSummary), id, outcomes: outcomes.rows.map((row) => JSON.parse(row.body) as EvalOutcome) };
    });
  }

  async listEvals(options: ListEvalsOptions = {}): Promise<EvalSummary[]> {
    return this.#guard('list-evals', async (pool) => {
      const rows = await this.#newest(pool, options.model, 'TRUE', options.limit ?? DEFAULT_LIST_LIMIT);
      return rows.map((row) => ({ ...(JSON.parse(row.summary) as EvalSummary), id: row.id }));
    });
  }

  async recommendation(model: string): Promise<StoredRecommendation | undefined> {
    return this.#guard('recommendation', async (pool) => {
      const [row] = await this.#newest(pool, model, 'NOT interrupted AND recommended IS NOT NULL', 1);
      return row && recommendationOf(row.id, JSON.parse(row.summary) as EvalSummary);
    });
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.end();
  }

  async #newest(pool: Pool, model: string | undefined, condition: string, limit: number): Promise<EvalRowData[]> {
    const where = model === undefined ? `WHERE ${condition}` : `WHERE model = $2 AND ${condition}`;
    try {
      const { rows } = await pool.query<EvalRowData>(
        `SELECT id, summary FROM reins_evals ${where} ORDER BY finished_at DESC, id DESC LIMIT $1`,
        model === undefined ? [limit] : [limit, model],
      );
      return rows;
    } catch (error) {
      // A database of an older version, opened read-only (its schema is not created): no evals yet.
      if ((error as { code?: unknown }).code === UNDEFINED_TABLE) return [];
      throw error;
    }
  }

  /** Runs an operation on the pool (opened on first use); failures other than reins errors become a `SessionStoreError`. */
  async #guard<T>(operation: string, action: (pool: Pool) => Promise<T>): Promise<T> {
    try {
      this.#pool ??= openPostgresPool(this.#url, { max: 4, readOnly: this.#readOnly });
      this.#pool.catch(() => (this.#pool = undefined));
      return await action(await this.#pool);
    } catch (cause) {
      if (ReinsError.isInstance(cause)) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new SessionStoreError(`Sessions database ${this.path}: ${operation} failed: ${reason}`, { operation, path: this.path, cause });
    }
  }
}
