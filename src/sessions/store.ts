/**
 * The Store spec: where runs are kept durably so they can be listed, shown and resumed (DESIGN §2,
 * `sessions/`). The loop appends one record per event before it makes the next model call; a store
 * must have committed the record when `appendStep` resolves. Stores redact secrets before writing.
 */
import type { RecordInput, RunMeta, RunRecord, RunSummary, SessionStatus, StoredRun } from './run-records/run-record.ts';

export interface ListRunsOptions {
  /** Only runs with one of these statuses. @default every status */
  status?: SessionStatus | SessionStatus[];
  /** At most this many runs, newest first. @default 50 */
  limit?: number;
}

export interface ClaimRunOptions {
  /** Take the run over even when another live process owns it. @default false */
  force?: boolean;
}

export interface Store {
  /** Creates a run with status `running` and returns its id. */
  createRun(meta: RunMeta): Promise<string>;
  /**
   * Appends one record to a run, numbering it with the run's next `seq` (1, 2, ...), and commits it
   * before resolving. Rejects with `SessionNotFoundError` for an unknown run.
   */
  appendStep(runId: string, record: RecordInput): Promise<RunRecord>;
  /** The run with its records in `seq` order. Rejects with `SessionNotFoundError` for an unknown id. */
  loadRun(id: string): Promise<StoredRun>;
  /** Runs newest first (by last update). */
  listRuns(options?: ListRunsOptions): Promise<RunSummary[]>;
  /** Sets a run's status. Rejects with `SessionNotFoundError` for an unknown id. */
  markStatus(id: string, status: SessionStatus): Promise<void>;
  /**
   * Finds the one run whose id starts with `prefix` (so a CLI can accept short ids).
   * Rejects with `SessionNotFoundError` when none or several match.
   */
  resolveId(prefix: string): Promise<string>;
  /**
   * Makes this process the run's owner (or refreshes its heartbeat). Rejects with
   * `SessionInUseError` when another live process owns it (see `owner-liveness.ts`), unless `force`;
   * with `SessionNotFoundError` for an unknown id. Stores that implement it also refuse
   * `appendStep` and `markStatus` while another live process owns the run; a final status
   * (`answered`, `failed`, `cancelled`) releases the run.
   */
  claimRun?(id: string, options?: ClaimRunOptions): Promise<void>;
  /** Releases the database. Further calls reject. */
  close(): Promise<void>;
}

/** Statuses of a run that ended: no process owns it any more. */
export const FINAL_STATUSES: readonly SessionStatus[] = ['answered', 'failed', 'cancelled'];

/** Statuses from which a run can be resumed. */
export const RESUMABLE_STATUSES: readonly SessionStatus[] = ['running', 'waiting-user', 'failed', 'cancelled'];
