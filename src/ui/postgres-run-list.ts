/**
 * The runs list of `reins ui` over a Postgres sessions store (`run-list.ts`), on its own small pool
 * of read-only connections (Postgres refuses any write on them). Only the page's runs are aggregated.
 * Token counts are read from the records' text (written by `JSON.stringify`, so `"usage":{..}` is
 * flat and unspaced) rather than cast to JSON, so one record that is not valid JSON never fails the
 * list (the run page shows the error). A failing query is a `SessionStoreError` naming the database
 * without its password.
 */
import type { Pool } from 'pg';
import { loadPg } from '../sessions/load-pg.ts';
import { SessionStoreError } from '../errors/session-store-error.ts';
import { READ_ONLY_CONNECTION, safeUrl } from '../sessions/postgres-store.ts';
import { cacheReadOf, likePattern, listPage, type RunAggregate, type RunList, type RunListFilter, type RunListPage, type RunListSource, type RunListSourceRow, type RunListWhere, type RunVersion } from './run-list.ts';

const tokens = (field: string) => `sum((substring(body from '"usage":\\{[^{}]*"${field}":(\\d+)'))::bigint) FILTER (WHERE type = 'model-response')`;
const estimated = `coalesce(bool_or(body ~ '"usage":\\{[^{}]*"estimated":true') FILTER (WHERE type = 'model-response'), false)`;

export class PostgresRunList implements RunList {
  readonly #url: string;
  #pool: Promise<Pool> | undefined;

  constructor(url: string) {
    this.#url = url;
  }

  page(filter: RunListFilter = {}): Promise<RunListPage> {
    return this.#guard('list', (pool) => listPage(source(pool), filter));
  }

  version(id: string): Promise<RunVersion | undefined> {
    return this.#guard('read', (pool) => this.#version(pool, id));
  }

  async #version(pool: Pool, id: string): Promise<RunVersion | undefined> {
    const { rows } = await pool.query<{ status: string; record_count: number; updated_at: string }>(
      'SELECT status, record_count, updated_at FROM reins_runs WHERE id = $1',
      [id],
    );
    const row = rows[0];
    return row && { status: row.status, recordCount: Number(row.record_count), updatedAt: row.updated_at };
  }

  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.end();
  }

  async #guard<T>(operation: string, query: (pool: Pool) => Promise<T>): Promise<T> {
    try {
      return await query(await this.#open());
    } catch (cause) {
      const path = safeUrl(this.#url);
      throw new SessionStoreError(`Sessions database ${path}: ${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { operation, path, cause });
    }
  }

  #open(): Promise<Pool> {
    this.#pool ??= loadPg('reins ui on a postgres:// store').then((pg) => {
      const pool = new pg.Pool({ connectionString: this.#url, max: 2, ...READ_ONLY_CONNECTION });
      // An idle connection that dies (server restart) must not crash the viewer; the next query reconnects.
      pool.on('error', () => undefined);
      return pool;
    });
    return this.#pool;
  }
}

function source(pool: Pool): RunListSource {
  return {
    count: async (where) => {
      const [clause, parameters] = whereClause(where);
      return Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM reins_runs ${clause}`, parameters)).rows[0]?.n ?? 0);
    },
    rows: async (where, window) => {
      const [clause, parameters] = whereClause(where);
      const limit = window ? `LIMIT ${window.limit} OFFSET ${window.offset}` : '';
      const { rows } = await pool.query<RunListSourceRow>(
        `SELECT id, question, model, protocol, status, created_at, updated_at, owner_pid, owner_host, heartbeat_at
         FROM reins_runs ${clause} ORDER BY updated_at DESC, created_at DESC, id DESC ${limit}`,
        parameters,
      );
      return rows;
    },
    aggregates: async (ids) => {
      const found = await pool.query<{ run_id: string; steps: number | null; input: string | null; output: string | null; cache_read: string | null; estimated: boolean }>(
        `SELECT run_id, max(step) AS steps, ${tokens('inputTokens')} AS input, ${tokens('outputTokens')} AS output,
                ${tokens('cacheReadTokens')} AS cache_read, ${estimated} AS estimated
         FROM reins_records WHERE run_id = ANY($1) GROUP BY run_id`,
        [ids],
      );
      const aggregate = (row: (typeof found.rows)[number]): RunAggregate => ({
        steps: Number(row.steps ?? 0),
        inputTokens: Number(row.input ?? 0),
        outputTokens: Number(row.output ?? 0),
        ...cacheReadOf(row.cache_read),
        tokensEstimated: row.estimated,
      });
      return new Map<string, RunAggregate>(found.rows.map((row) => [row.run_id, aggregate(row)]));
    },
  };
}

function whereClause(where: RunListWhere): [string, unknown[]] {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  if (where.statuses) {
    parameters.push(where.statuses);
    conditions.push(`status = ANY($${parameters.length})`);
  }
  if (where.text) {
    parameters.push(likePattern(where.text));
    conditions.push(`(question ILIKE $${parameters.length} ESCAPE '\\' OR id ILIKE $${parameters.length} ESCAPE '\\')`);
  }
  return [conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters];
}
