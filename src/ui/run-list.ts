/**
 * The runs list of `reins ui`, whatever the store: one page of runs, newest first (by last update, as
 * `reins sessions`), filtered by status and by text in the question or the id, with each run's steps
 * and tokens; and a run's version (status, record count), which live pages poll. One implementation
 * per store engine, each on a read-only connection (`sqlite-run-list.ts`, `postgres-run-list.ts`).
 */
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

/** The page row of a `runs` row and its records' aggregate. */
/** What a run's records add up to on its list row. */
export interface RunAggregate {
  steps: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  tokensEstimated: boolean;
}

export const emptyAggregate = (): RunAggregate => ({ steps: 0, inputTokens: 0, outputTokens: 0, tokensEstimated: false });

/** The cache-read sum of a run, absent when no reply reported it (SQL's sum of no values is null). */
export function cacheReadOf(value: number | string | null | undefined): { cacheReadTokens?: number } {
  return value === null || value === undefined ? {} : { cacheReadTokens: Number(value) };
}

export function runListRow(row: RunListSourceRow, aggregate: RunAggregate): RunListRow {
  const owner = row.owner_pid !== null && row.owner_host && row.heartbeat_at ? { pid: Number(row.owner_pid), host: row.owner_host, heartbeatAt: row.heartbeat_at } : undefined;
  const status = listedStatus({ id: row.id, question: row.question, status: row.status as SessionStatus, createdAt: row.created_at, updatedAt: row.updated_at, recordCount: 0, ...(owner ? { owner } : {}) });
  return {
    id: row.id,
    status,
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
