/**
 * The runs list of `reins ui`, read straight from the sessions database on a read-only connection
 * (the viewer never writes): one page of runs, newest first (by last update, as `reins sessions`,
 * on the store's index), filtered by status and by text in the
 * question or the id, with each run's steps and tokens. Only the page's runs are aggregated, so a
 * page costs the same with 10 runs or 10,000. A record that is not valid JSON is skipped here (the
 * run page shows the error); the list never fails for one bad row.
 */
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { listedStatus, type ListedStatus } from '../sessions/listed-status.ts';
import type { SessionStatus } from '../sessions/durable/run-record.ts';

/** Runs per page. @default 50 */
export const PAGE_SIZE = 50;

export interface RunListFilter {
  /** Only runs with this stored status. @default every status */
  status?: string;
  /** Only runs whose question or id contains this text (case-insensitive). @default '' (all) */
  text?: string;
  /** 1-based. @default 1 */
  page?: number;
}

export interface RunListRow {
  id: string;
  status: ListedStatus;
  question: string;
  model: string | null;
  protocol: string | null;
  steps: number;
  inputTokens: number;
  outputTokens: number;
  createdAt: string;
  updatedAt: string;
  durationMs: number;
}

export interface RunListPage {
  runs: RunListRow[];
  total: number;
  page: number;
  pageSize: number;
}

interface Row {
  id: string;
  question: string;
  model: string | null;
  protocol: string | null;
  status: string;
  created_at: string;
  updated_at: string;
  owner_pid: number | null;
  owner_host: string | null;
  heartbeat_at: string | null;
}

export class RunListQuery {
  readonly #db: DatabaseSync;

  constructor(path: string) {
    this.#db = new DatabaseSync(path, { readOnly: true });
  }

  page(filter: RunListFilter = {}): RunListPage {
    const page = Math.max(1, Math.floor(filter.page ?? 1));
    const where: string[] = [];
    const parameters: SQLInputValue[] = [];
    if (filter.status) {
      where.push('status = ?');
      parameters.push(filter.status);
    }
    const text = filter.text?.trim();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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
      .all(...parameters, PAGE_SIZE, (page - 1) * PAGE_SIZE) as unknown as Row[];
    return { runs: rows.map((row) => this.#row(row)), total, page, pageSize: PAGE_SIZE };
  }

  /** The run's stored status and record count (for live updates), or undefined when unknown. */
  version(id: string): { status: string; recordCount: number; updatedAt: string } | undefined {
    const row = this.#db.prepare('SELECT status, record_count, updated_at FROM runs WHERE id = ?').get(id) as
      | { status: string; record_count: number; updated_at: string }
      | undefined;
    return row && { status: row.status, recordCount: Number(row.record_count), updatedAt: row.updated_at };
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }

  #row(row: Row): RunListRow {
    const aggregate = this.#db
      .prepare(
        `SELECT max(step) AS steps,
                sum(CASE WHEN type = 'model-response' AND json_valid(body) THEN json_extract(body, '$.usage.inputTokens') END) AS input,
                sum(CASE WHEN type = 'model-response' AND json_valid(body) THEN json_extract(body, '$.usage.outputTokens') END) AS output
         FROM records WHERE run_id = ?`,
      )
      .get(row.id) as { steps: number | null; input: number | null; output: number | null };
    const owner = row.owner_pid !== null && row.owner_host && row.heartbeat_at ? { pid: Number(row.owner_pid), host: row.owner_host, heartbeatAt: row.heartbeat_at } : undefined;
    const status = listedStatus({ id: row.id, question: row.question, status: row.status as SessionStatus, createdAt: row.created_at, updatedAt: row.updated_at, recordCount: 0, ...(owner ? { owner } : {}) });
    return {
      id: row.id,
      status,
      question: row.question,
      model: row.model,
      protocol: row.protocol,
      steps: Number(aggregate.steps ?? 0),
      inputTokens: Number(aggregate.input ?? 0),
      outputTokens: Number(aggregate.output ?? 0),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      durationMs: Math.max(0, Date.parse(row.updated_at) - Date.parse(row.created_at)),
    };
  }
}
