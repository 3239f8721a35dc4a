/**
 * A run's row as both SQL stores keep it (the `runs` / `reins_runs` table), and how it reads back as
 * a RunSummary with its owner. The owner columns may be absent from an older SQLite schema.
 */
import type { RunSummary, SessionStatus } from './run-records/run-record.ts';
import type { RunOwner } from './owner-liveness.ts';

export interface RunRow {
  id: string;
  question: string;
  model: string | null;
  protocol: string | null;
  status: string;
  meta: string;
  created_at: string;
  updated_at: string;
  record_count: number;
  owner_pid?: number | null;
  owner_host?: string | null;
  heartbeat_at?: string | null;
}

export function ownerOf(row: Pick<RunRow, 'owner_pid' | 'owner_host' | 'heartbeat_at'>): RunOwner | undefined {
  if (row.owner_pid === null || row.owner_pid === undefined || !row.owner_host || !row.heartbeat_at) return undefined;
  return { pid: Number(row.owner_pid), host: row.owner_host, heartbeatAt: row.heartbeat_at };
}

export function toSummary(row: RunRow): RunSummary {
  const owner = ownerOf(row);
  return {
    id: row.id,
    question: row.question,
    ...(row.model === null ? {} : { model: row.model }),
    ...(row.protocol === null ? {} : { protocol: row.protocol }),
    status: row.status as SessionStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    recordCount: Number(row.record_count),
    ...(owner ? { owner } : {}),
  };
}
