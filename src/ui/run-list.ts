/**
 * The runs list of `reins ui`, whatever the store: one page of runs, newest first (by last update, as
 * `reins sessions`), filtered by status and by text in the question or the id, with each run's steps
 * and tokens; and a run's version (status, record count), which live pages poll. One implementation
 * per store engine, each on a read-only connection (`sqlite-run-list.ts`, `postgres-run-list.ts`).
 */
import { listedStatus, type ListedStatus } from '../sessions/listed-status.ts';
import type { SessionStatus } from '../sessions/run-records/run-record.ts';

/** Runs per page. @default 50 */
const PAGE_SIZE = 50;

export interface RunListFilter {
  /** Only runs shown with this status (`interrupted`: stored as live, owner gone). @default every status */
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
  /** Of `inputTokens`, read from a prompt cache; absent when no reply reported it. */
  cacheReadTokens?: number;
  /** True when some reply's usage was estimated by reins, not reported by the provider. */
  tokensEstimated: boolean;
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

/** What a live page polls: a change in it means the run page must be read again. */
export interface RunVersion {
  status: string;
  recordCount: number;
  updatedAt: string;
}

export interface RunList {
  page(filter?: RunListFilter): Promise<RunListPage>;
  /** The run's stored status and record count, or undefined when unknown. */
  version(id: string): Promise<RunVersion | undefined>;
  close(): Promise<void>;
}

/** One `runs` row as both engines read it (same columns, `sessions/*-schema.ts`). */
export interface RunListSourceRow {
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

/** A run's records summed up for the list. */
export interface RunAggregate {
  steps: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  tokensEstimated: boolean;
}

const emptyAggregate = (): RunAggregate => ({ steps: 0, inputTokens: 0, outputTokens: 0, tokensEstimated: false });

/** The cache-read sum of a run, absent when no reply reported it (SQL's sum of no values is null). */
export function cacheReadOf(value: number | string | null | undefined): { cacheReadTokens?: number } {
  return value === null || value === undefined ? {} : { cacheReadTokens: Number(value) };
}

/** The rows a page is read from: stored statuses (any when unset) and text in the question or id. */
export interface RunListWhere {
  statuses?: string[];
  text?: string;
}

/** What the list reads from one engine (`sqlite-run-list.ts`, `postgres-run-list.ts`). */
export interface RunListSource {
  count(where: RunListWhere): Promise<number>;
  /** Newest first; all of them without a window. */
  rows(where: RunListWhere, window?: { limit: number; offset: number }): Promise<RunListSourceRow[]>;
  aggregates(ids: string[]): Promise<Map<string, RunAggregate>>;
}

/**
 * One page of the list. A shown status is the stored one, except for a live run whose owner is
 * gone (`interrupted`, as `reins sessions` says): filtering by `running`, `waiting-user` or
 * `interrupted` reads the live runs (few) and keeps those whose shown status matches; the final
 * statuses are filtered and paged by the database.
 */
export async function listPage(source: RunListSource, filter: RunListFilter = {}): Promise<RunListPage> {
  const page = Math.max(1, Math.floor(filter.page ?? 1));
  const text = filter.text?.trim() || undefined;
  const shown = filter.status;
  const byOwner = shown === 'interrupted' || shown === 'running' || shown === 'waiting-user';
  const where: RunListWhere = { text, ...(shown ? { statuses: shown === 'interrupted' ? ['running', 'waiting-user'] : [shown] } : {}) };
  const window = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  let rows: RunListSourceRow[];
  let total: number;
  if (byOwner) {
    const matching = (await source.rows(where)).filter((row) => rowStatus(row) === shown);
    total = matching.length;
    rows = matching.slice(window.offset, window.offset + window.limit);
  } else {
    [total, rows] = await Promise.all([source.count(where), source.rows(where, window)]);
  }
  const aggregates = rows.length > 0 ? await source.aggregates(rows.map((row) => row.id)) : new Map<string, RunAggregate>();
  return { runs: rows.map((row) => runListRow(row, aggregates.get(row.id) ?? emptyAggregate())), total, page, pageSize: PAGE_SIZE };
}

/** The status a row is shown with (`interrupted` for a live run whose owner is gone). */
function rowStatus(row: RunListSourceRow): ListedStatus {
  const owner = row.owner_pid !== null && row.owner_host && row.heartbeat_at ? { pid: Number(row.owner_pid), host: row.owner_host, heartbeatAt: row.heartbeat_at } : undefined;
  return listedStatus({ id: row.id, question: row.question, status: row.status as SessionStatus, createdAt: row.created_at, updatedAt: row.updated_at, recordCount: 0, ...(owner ? { owner } : {}) });
}

/** The page row of a `runs` row and its records' aggregate. */
function runListRow(row: RunListSourceRow, aggregate: RunAggregate): RunListRow {
  return {
    id: row.id,
    status: rowStatus(row),
    question: row.question,
    model: row.model,
    protocol: row.protocol,
    ...aggregate,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    durationMs: Math.max(0, Date.parse(row.updated_at) - Date.parse(row.created_at)),
  };
}

/** A text filter as a LIKE pattern whose wildcards are literal (escape character `\`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
