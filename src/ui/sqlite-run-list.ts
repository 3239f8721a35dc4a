/**
 * The runs list of `reins ui` over an SQLite sessions file (`run-list.ts`), read on a read-only
 * connection (the viewer never writes). Only the page's runs are aggregated, so a page costs the same
 * with 10 runs or 10,000. A record that is not valid JSON is skipped here (the run page shows the
 * error); the list never fails for one bad row.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { cacheReadOf, likePattern, listPage, type RunList, type RunListFilter, type RunListPage, type RunListSource, type RunListSourceRow, type RunListWhere, type RunVersion } from './run-list.ts';

export class SqliteRunList implements RunList {
  readonly #db: DatabaseSync;

  constructor(path: string) {
    this.#db = new DatabaseSync(path, { readOnly: true });
  }

  page(filter: RunListFilter = {}): Promise<RunListPage> {
    return listPage(this.#source, filter);
  }

  readonly #source: RunListSource = {
    count: async (where) => {
      const [clause, parameters] = whereClause(where);
      return Number((this.#db.prepare(`SELECT count(*) AS n FROM runs ${clause}`).get(...parameters) as { n: number }).n);
    },
    rows: async (where, window) => {
      const [clause, parameters] = whereClause(where);
      const limit = window ? `LIMIT ${window.limit} OFFSET ${window.offset}` : '';
      return this.#db
        .prepare(
          `SELECT id, question, model, protocol, status, created_at, updated_at, owner_pid, owner_host, heartbeat_at
           FROM runs ${clause} ORDER BY updated_at DESC, created_at DESC, rowid DESC ${limit}`,
        )
        .all(...parameters) as unknown as RunListSourceRow[];
    },
    aggregates: async (ids) => new Map(ids.map((id) => [id, this.#aggregate(id)])),
  };

  async version(id: string): Promise<RunVersion | undefined> {
    const row = this.#db.prepare('SELECT status, record_count, updated_at FROM runs WHERE id = ?').get(id) as
      | { status: string; record_count: number; updated_at: string }
      | undefined;
    return row && { status: row.status, recordCount: Number(row.record_count), updatedAt: row.updated_at };
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }

  #aggregate(runId: string) {
    const aggregate = this.#db
      .prepare(
        `SELECT max(step) AS steps,
                sum(CASE WHEN type = 'model-response' AND json_valid(body) THEN json_extract(body, '$.usage.inputTokens') END) AS input,
                sum(CASE WHEN type = 'model-response' AND json_valid(body) THEN json_extract(body, '$.usage.outputTokens') END) AS output,
                sum(CASE WHEN type = 'model-response' AND json_valid(body) THEN json_extract(body, '$.usage.cacheReadTokens') END) AS cache_read,
                max(CASE WHEN type = 'model-response' AND json_valid(body) AND json_extract(body, '$.usage.estimated') THEN 1 ELSE 0 END) AS estimated
         FROM records WHERE run_id = ?`,
      )
      .get(runId) as { steps: number | null; input: number | null; output: number | null; cache_read: number | null; estimated: number | null };
    return {
      steps: Number(aggregate.steps ?? 0),
      inputTokens: Number(aggregate.input ?? 0),
      outputTokens: Number(aggregate.output ?? 0),
      ...cacheReadOf(aggregate.cache_read),
      tokensEstimated: aggregate.estimated === 1,
    };
  }
}

function whereClause(where: RunListWhere): [string, SQLInputValue[]] {
  const conditions: string[] = [];
  const parameters: SQLInputValue[] = [];
  if (where.statuses) {
    conditions.push(`status IN (${where.statuses.map(() => '?').join(', ')})`);
    parameters.push(...where.statuses);
  }
  if (where.text) {
    const pattern = likePattern(where.text);
    conditions.push("(question LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')");
    parameters.push(pattern, pattern);
  }
  return [conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters];
}
