/**
 * The durable Store on `node:sqlite`. One database file holds every run; WAL mode lets several
 * processes append to it at once (each append is its own `BEGIN IMMEDIATE` transaction, and a
 * writer waits up to `busyTimeoutMs` for another). `synchronous = FULL`: a record has reached the
 * disk when `appendStep` resolves.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import envPaths from 'env-paths';
import { ReinsError } from '../errors/reins-error.ts';
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import { SessionStoreError } from '../errors/session-store-error.ts';
import { redact } from './redact.ts';
import type { RecordInput, RunMeta, RunRecord, RunSummary, SessionStatus, StoredRun } from './run-record.ts';
import { DEFAULT_LIST_LIMIT, matchRunId } from './select-runs.ts';
import { SESSIONS_SCHEMA, SESSIONS_SCHEMA_VERSION } from './sqlite-schema.ts';
import type { ListRunsOptions, Store } from './store.ts';

export interface SqliteStoreOptions {
  /**
   * The database file, or `':memory:'`.
   * @default process.env.REINS_SESSIONS_DB, else `sessions.db` in the user's data folder for `reins`
   * (e.g. `~/.local/share/reins/sessions.db` on Linux)
   */
  path?: string;
  /** How long a write waits for another process holding the write lock. @default 5000 */
  busyTimeoutMs?: number;
}

/** Where runs are kept when no path is given. */
export function defaultSessionsPath(): string {
  return process.env.REINS_SESSIONS_DB || join(envPaths('reins', { suffix: '' }).data, 'sessions.db');
}

interface RunRow {
  id: string;
  question: string;
  model: string | null;
  protocol: string | null;
  status: string;
  meta: string;
  created_at: string;
  updated_at: string;
  record_count: number;
}

function toSummary(row: RunRow): RunSummary {
  return {
    id: row.id,
    question: row.question,
    ...(row.model === null ? {} : { model: row.model }),
    ...(row.protocol === null ? {} : { protocol: row.protocol }),
    status: row.status as SessionStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    recordCount: Number(row.record_count),
  };
}

export class SqliteStore implements Store {
  /** The database file this store writes. */
  readonly path: string;
  readonly #db: DatabaseSync;

  constructor(options: SqliteStoreOptions = {}) {
    this.path = options.path ?? defaultSessionsPath();
    try {
      if (this.path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true });
      this.#db = new DatabaseSync(this.path, { timeout: options.busyTimeoutMs ?? 5000 });
      this.#db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
      this.#db.exec(SESSIONS_SCHEMA);
      this.#db.exec(`PRAGMA user_version = ${SESSIONS_SCHEMA_VERSION}`);
    } catch (cause) {
      throw new SessionStoreError(`Cannot open the sessions database ${this.path}`, { operation: 'open', path: this.path, cause });
    }
  }

  async createRun(meta: RunMeta): Promise<string> {
    return this.#guard('create', () => {
      const safe = redact(meta);
      const id = randomUUID();
      const now = new Date().toISOString();
      this.#db
        .prepare(
          `INSERT INTO runs (id, question, model, protocol, status, meta, created_at, updated_at, record_count)
           VALUES (?, ?, ?, ?, 'running', ?, ?, ?, 0)`,
        )
        .run(id, safe.question, safe.model ?? null, safe.protocol ?? null, JSON.stringify(safe), now, now);
      return id;
    });
  }

  async appendStep(runId: string, record: RecordInput): Promise<RunRecord> {
    return this.#guard('append', () => {
      const at = new Date().toISOString();
      const safe = redact(record);
      this.#db.exec('BEGIN IMMEDIATE');
      try {
        const row = this.#db
          .prepare('UPDATE runs SET record_count = record_count + 1, updated_at = ? WHERE id = ? RETURNING record_count')
          .get(at, runId) as { record_count: number } | undefined;
        if (!row) throw new SessionNotFoundError(runId);
        const seq = Number(row.record_count);
        this.#db
          .prepare('INSERT INTO records (run_id, seq, at, step, type, body) VALUES (?, ?, ?, ?, ?, ?)')
          .run(runId, seq, at, safe.step, safe.type, JSON.stringify(safe));
        this.#db.exec('COMMIT');
        return { ...safe, runId, seq, at };
      } catch (error) {
        this.#db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async loadRun(id: string): Promise<StoredRun> {
    return this.#guard('load', () => {
      const row = this.#db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
      if (!row) throw new SessionNotFoundError(id);
      const rows = this.#db
        .prepare('SELECT seq, at, body FROM records WHERE run_id = ? ORDER BY seq')
        .all(id) as { seq: number; at: string; body: string }[];
      const records = rows.map(
        (record) => ({ ...JSON.parse(record.body), runId: id, seq: Number(record.seq), at: record.at }) as RunRecord,
      );
      return { summary: toSummary(row), meta: JSON.parse(row.meta) as RunMeta, records };
    });
  }

  async listRuns(options: ListRunsOptions = {}): Promise<RunSummary[]> {
    return this.#guard('list', () => {
      const statuses = options.status === undefined ? [] : [options.status].flat();
      const where = statuses.length ? `WHERE status IN (${statuses.map(() => '?').join(', ')})` : '';
      const parameters: SQLInputValue[] = [...statuses, options.limit ?? DEFAULT_LIST_LIMIT];
      const rows = this.#db
        .prepare(`SELECT * FROM runs ${where} ORDER BY updated_at DESC, created_at DESC LIMIT ?`)
        .all(...parameters) as unknown as RunRow[];
      return rows.map(toSummary);
    });
  }

  async markStatus(id: string, status: SessionStatus): Promise<void> {
    this.#guard('mark-status', () => {
      const result = this.#db
        .prepare('UPDATE runs SET status = ?, updated_at = ? WHERE id = ?')
        .run(status, new Date().toISOString(), id);
      if (Number(result.changes) === 0) throw new SessionNotFoundError(id);
    });
  }

  async resolveId(prefix: string): Promise<string> {
    return this.#guard('resolve-id', () => {
      const rows = this.#db
        .prepare('SELECT id FROM runs WHERE substr(id, 1, length(?)) = ? LIMIT 6')
        .all(prefix, prefix) as { id: string }[];
      return matchRunId(prefix, rows.map((row) => row.id));
    });
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Runs a database operation; failures other than reins errors become a `SessionStoreError`. */
  #guard<T>(operation: string, action: () => T): T {
    try {
      return action();
    } catch (cause) {
      if (ReinsError.isInstance(cause)) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new SessionStoreError(`Sessions database ${operation} failed: ${reason}`, { operation, path: this.path, cause });
    }
  }
}
