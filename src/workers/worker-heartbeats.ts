/**
 * One row per live worker in `reins_workers`, beside the store's tables: its DBOS executor id, the
 * application version it runs, and a beat counter it raises every `heartbeatMs`. Other workers read
 * the counters to find dead ones (`dead-worker-watch.ts`). A row marked `released` is a worker whose
 * runs are to be handed over now: it stopped cleanly, or another worker took its runs (fenced). A
 * worker whose own beat finds its row released or gone must stop running workflows at once: they now
 * belong to someone else.
 */
import type { Pool } from 'pg';

const WORKERS_SCHEMA = `
CREATE TABLE IF NOT EXISTS reins_workers (
  executor_id TEXT PRIMARY KEY,
  host TEXT NOT NULL,
  pid INTEGER NOT NULL,
  app_version TEXT NOT NULL,
  started_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  beat BIGINT NOT NULL DEFAULT 0,
  beat_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  released BOOLEAN NOT NULL DEFAULT false
);
`;

/** The advisory lock key taken while the workers table is created ("rwkr"). */
const WORKERS_LOCK_KEY = 0x72776b72;

/** A worker as the table holds it. */
export interface WorkerRow {
  executorId: string;
  host: string;
  pid: number;
  appVersion: string;
  /** Raised by each heartbeat. */
  beat: number;
  /** Stopped cleanly or fenced: its runs are handed over without waiting. */
  released: boolean;
}

/** Creates `reins_workers` when missing (under an advisory lock: workers start together). */
export async function ensureWorkersTable(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [WORKERS_LOCK_KEY]);
    try {
      await client.query(WORKERS_SCHEMA);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [WORKERS_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Adds this worker's row (a fresh executor id each start, so never a conflict). */
export async function registerWorker(pool: Pool, worker: Pick<WorkerRow, 'executorId' | 'host' | 'pid' | 'appVersion'>): Promise<void> {
  await pool.query('INSERT INTO reins_workers (executor_id, host, pid, app_version) VALUES ($1, $2, $3, $4)', [
    worker.executorId, worker.host, worker.pid, worker.appVersion,
  ]);
}

/**
 * One heartbeat: raises the counter. Returns false when the row is gone or released, i.e. another
 * worker has taken (or is taking) this worker's runs.
 */
export async function beat(pool: Pool, executorId: string): Promise<boolean> {
  const { rowCount } = await pool.query('UPDATE reins_workers SET beat = beat + 1, beat_at = now() WHERE executor_id = $1 AND NOT released', [executorId]);
  return rowCount === 1;
}

/** Every worker row. */
export async function listWorkers(pool: Pool): Promise<WorkerRow[]> {
  const { rows } = await pool.query<{ executor_id: string; host: string; pid: number; app_version: string; beat: string; released: boolean }>(
    'SELECT executor_id, host, pid, app_version, beat, released FROM reins_workers',
  );
  return rows.map((row) => ({
    executorId: row.executor_id,
    host: row.host,
    pid: row.pid,
    appVersion: row.app_version,
    beat: Number(row.beat),
    released: row.released,
  }));
}

/**
 * Fences a worker seen dead: marks its row released, only if it has not beaten since `beat` was
 * read. Returns false when it beat meanwhile (alive after all), is gone, or another worker fenced
 * it first (that worker hands its runs over).
 */
export async function fenceWorker(pool: Pool, executorId: string, beatSeen: number): Promise<boolean> {
  const { rowCount } = await pool.query('UPDATE reins_workers SET released = true WHERE executor_id = $1 AND beat = $2 AND NOT released', [executorId, beatSeen]);
  return rowCount === 1;
}

/** Marks this worker's own row released (a clean stop: its unfinished runs go to the others now). */
export async function releaseWorker(pool: Pool, executorId: string): Promise<void> {
  await pool.query('UPDATE reins_workers SET released = true WHERE executor_id = $1', [executorId]);
}

/** Removes a released worker's row once its runs have been handed over. */
export async function forgetWorker(pool: Pool, executorId: string): Promise<void> {
  await pool.query('DELETE FROM reins_workers WHERE executor_id = $1 AND released', [executorId]);
}
