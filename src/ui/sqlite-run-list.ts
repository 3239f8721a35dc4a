/**
 * The runs list of `reins ui` over an SQLite sessions file (`run-list.ts`), read on a read-only
 * connection (the viewer never writes). Only the page's runs are aggregated, so a page costs the same
 * with 10 runs or 10,000. A record that is not valid JSON is skipped here (the run page shows the
 * error); the list never fails for one bad row.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { cacheReadOf, likePattern, PAGE_SIZE, runListRow, type RunList, type RunListFilter, type RunListPage, type RunListSourceRow, type RunVersion } from './run-list.ts';

export class SqliteRunList implements RunList {
  readonly #db: DatabaseSync;

  constructor(path: string) {
    this.#db = new DatabaseSync(path, { readOnly: true });
  }

  async page(filter: RunListFilter = {}): Promise<RunListPage> {
    const page = Math.max(1, Math.floor(filter.page ?? 1));
    const where: string[] = [];
    const parameters: SQLInputValue[] = [];
    if (filter.status) {
      where.push('status = ?');
      parameters.push(filter.status);
    }
    const text = filter.text?.trim();
    if (text) {
      const pattern = likePattern(text);
      where.push("(question LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')");
      parameters.push(pattern, pattern);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = Number((this.#db.prepare(`SELECT count(*) AS n FROM runs ${clause}`).get(...parameters) as { n: number }).n);
    const rows = this.#db
      .prepare(
        `SELECT id, question, model, protocol, status, created_at, updated_at, owner_pid, owner_host, heartbeat_at
         FROM runs ${clause} ORDER BY updated_at DESC, created_at DESC LIMIT ? OFFSET ?`,
      )
      .all(...parameters, PAGE_SIZE, (page - 1) * PAGE_SIZE) as unknown as RunListSourceRow[];
    return { runs: rows.map((row) => runListRow(row, this.#aggregate(row.id))), total, page, pageSize: PAGE_SIZE };
  }

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
