/**
 * The durable Store on `node:sqlite`. One database file holds every run; WAL mode lets several
 * processes append to it at once (each append is its own `BEGIN IMMEDIATE` transaction, and a
 * writer waits up to `busyTimeoutMs` for another). `synchronous = FULL`: a record has reached the
 * disk when `appendStep` resolves. Each run has an owner (`owner-liveness.ts`): writes from another
 * process are refused while the owner lives.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import envPaths from 'env-paths';
import { SessionInUseError } from '../errors/session-in-use-error.ts';
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import type { ModelMessage } from '../spec/model.ts';
import { compactBody, expandBody, type BodyRef } from './compact-records.ts';
import { ownerOf, toSummary, type RunRow } from './run-row.ts';
import { openSessionsDatabase } from './open-sessions-database.ts';
import { readRunMeta } from './read-run-meta.ts';
import { configSecretValues, redactMeta, redactRecord } from './redact.ts';
import { SecretMasker } from './secret-masker.ts';
import { currentOwner, DEFAULT_OWNER_TIMEOUT_MS, ownedByAnother, type RunOwner } from './owner-liveness.ts';
import type { RecordInput, RunMeta, RunRecord, RunSummary, SessionStatus, StoredRun } from './run-records/run-record.ts';
import { DEFAULT_LIST_LIMIT, matchRunId } from './select-runs.ts';
import { restoreMessages, sharedPrefixLength } from './shared-messages.ts';
import { FINAL_STATUSES, type ClaimRunOptions, type ListRunsOptions, type Store } from './store.ts';
import { guardSqlite } from './guard-sqlite.ts';

export interface SqliteStoreOptions {
  /**
   * The database file, or `':memory:'`.
   * @default process.env.REINS_SESSIONS_DB, else `sessions.db` in the user's data folder for `reins`
   * (e.g. `~/.local/share/reins/sessions.db` on Linux)
   */
  path?: string;
  /** How long a write waits for another process holding the write lock. @default 5000 */
  busyTimeoutMs?: number;
  /** Only read: never creates or changes the file (`reins show`, `reins sessions`). @default false */
  readOnly?: boolean;
  /** Create the file (and its folder) when missing; when false a missing file is a `SessionStoreMissingError`. @default true */
  create?: boolean;
  /** After this long without a heartbeat a run's owner counts as dead. @default 120000 (2 minutes) */
  ownerTimeoutMs?: number;
}

/** Where runs are kept when no path is given. */
export function defaultSessionsPath(): string {
  return process.env.REINS_SESSIONS_DB || join(envPaths('reins', { suffix: '' }).data, 'sessions.db');
}


export class SqliteStore implements Store {
  /** The database file this store writes. */
  readonly path: string;
  readonly #db: DatabaseSync;
  readonly #ownerTimeoutMs: number;
  /** The secrets of each run's configuration, masked in its records while this store holds the run. */
  readonly #maskers = new Map<string, SecretMasker>();
  /** The messages of each run's last stored `model-request`, by run (with that record's seq). */
  readonly #lastRequest = new Map<string, { seq: number; messages: ModelMessage[] }>();

  constructor(options: SqliteStoreOptions = {}) {
    this.path = options.path ?? defaultSessionsPath();
    this.#ownerTimeoutMs = options.ownerTimeoutMs ?? DEFAULT_OWNER_TIMEOUT_MS;
    this.#db = openSessionsDatabase(this.path, {
      readOnly: options.readOnly ?? false,
      create: options.create ?? true,
      busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    });
  }

  async createRun(meta: RunMeta): Promise<string> {
    return this.#guard('create', () => {
      const masker = new SecretMasker(configSecretValues(meta.config));
      const safe = masker.value(redactMeta(meta));
      const id = randomUUID();
      if (!masker.empty) this.#maskers.set(id, masker);
      const now = new Date().toISOString();
      const owner = currentOwner();
      this.#db
        .prepare(
          `INSERT INTO runs (id, question, model, protocol, status, meta, created_at, updated_at, record_count, owner_pid, owner_host, heartbeat_at)
           VALUES (?, ?, ?, ?, 'running', ?, ?, ?, 0, ?, ?, ?)`,
        )
        .run(id, safe.question, safe.model ?? null, safe.protocol ?? null, JSON.stringify(safe), now, now, owner.pid, owner.host, owner.heartbeatAt);
      return id;
    });
  }

  async appendStep(runId: string, record: RecordInput): Promise<RunRecord> {
    return this.#guard('append', () => {
      const at = new Date().toISOString();
      const safe = this.#maskers.get(runId)?.value(redactRecord(record)) ?? redactRecord(record);
      return this.#owned(runId, false, (owner) => {
        const row = this.#db
          .prepare(
            'UPDATE runs SET record_count = record_count + 1, updated_at = ?, owner_pid = ?, owner_host = ?, heartbeat_at = ? WHERE id = ? RETURNING record_count',
          )
          .get(at, owner.pid, owner.host, owner.heartbeatAt, runId) as { record_count: number };
        const seq = Number(row.record_count);
        let body: object = safe;
        if (safe.type === 'model-request') {
          const previous = this.#previousRequest(runId);
          const shared = sharedPrefixLength(previous, safe.messages);
          body = { ...safe, messages: safe.messages.slice(shared), sharedMessages: shared };
        }
        const compact = compactBody(body);
        const insertBlob = this.#db.prepare('INSERT OR IGNORE INTO blobs (hash, text) VALUES (?, ?)');
        for (const [hash, text] of compact.blobs) insertBlob.run(hash, text);
        this.#db
          .prepare('INSERT INTO records (run_id, seq, at, step, type, body, refs) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(runId, seq, at, safe.step, safe.type, compact.json, compact.refs.length ? JSON.stringify(compact.refs) : null);
        if (safe.type === 'model-request') this.#lastRequest.set(runId, { seq, messages: safe.messages });
        return { ...safe, runId, seq, at } as RunRecord;
      });
    });
  }

  async claimRun(id: string, options: ClaimRunOptions = {}): Promise<void> {
    this.#guard('claim', () =>
      this.#owned(id, options.force ?? false, (owner) => {
        this.#db.prepare('UPDATE runs SET owner_pid = ?, owner_host = ?, heartbeat_at = ? WHERE id = ?').run(owner.pid, owner.host, owner.heartbeatAt, id);
      }),
    );
  }

  async loadRun(id: string): Promise<StoredRun> {
    return this.#guard('load', () => {
      const row = this.#db.prepare('SELECT * FROM runs WHERE id = ?').get(id) as RunRow | undefined;
      if (!row) throw new SessionNotFoundError(id);
      const records = this.#records(id, 'SELECT seq, at, body, refs FROM records WHERE run_id = ? ORDER BY seq');
      return { summary: toSummary(row), meta: readRunMeta(id, row.meta), records };
    });
  }

  async listRuns(options: ListRunsOptions = {}): Promise<RunSummary[]> {
    return this.#guard('list', () => {
      const statuses = options.status === undefined ? [] : [options.status].flat();
      const where = statuses.length ? `WHERE status IN (${statuses.map(() => '?').join(', ')})` : '';
      const parameters: SQLInputValue[] = [...statuses, options.limit ?? DEFAULT_LIST_LIMIT];
      const rows = this.#db
        .prepare(`SELECT * FROM runs ${where} ORDER BY updated_at DESC, created_at DESC, rowid DESC LIMIT ?`)
        .all(...parameters) as unknown as RunRow[];
      return rows.map(toSummary);
    });
  }

  async markStatus(id: string, status: SessionStatus): Promise<void> {
    this.#guard('mark-status', () =>
      this.#owned(id, false, (owner) => {
        const holder = FINAL_STATUSES.includes(status) ? [null, null, null] : [owner.pid, owner.host, owner.heartbeatAt];
        this.#db
          .prepare('UPDATE runs SET status = ?, updated_at = ?, owner_pid = ?, owner_host = ?, heartbeat_at = ? WHERE id = ?')
          .run(status, new Date().toISOString(), ...holder, id);
      }),
    );
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

  /** The run's records from `sql` (in `seq` order), made whole: large strings and shared messages put back. */
  #records(runId: string, sql: string): RunRecord[] {
    // A database of an older version opened read-only has no `refs` column (nor blobs).
    const refs = this.#hasRefs() ? 'refs' : 'NULL AS refs';
    const rows = this.#db.prepare(sql.replace('refs', refs)).all(runId) as { seq: number; at: string; body: string; refs: string | null }[];
    const blob = (hash: string) => (this.#db.prepare('SELECT text FROM blobs WHERE hash = ?').get(hash) as { text: string } | undefined)?.text ?? '';
    let previous: ModelMessage[] = [];
    return rows.map((row) => {
      const body = row.refs ? expandBody(row.body, JSON.parse(row.refs) as BodyRef[], blob) : (JSON.parse(row.body) as Record<string, unknown>);
      if (body.type === 'model-request') previous = restoreMessages(body, previous);
      return { ...body, runId, seq: Number(row.seq), at: row.at } as RunRecord;
    });
  }

  #refsColumn: boolean | undefined;
  #hasRefs(): boolean {
    this.#refsColumn ??= (this.#db.prepare('PRAGMA table_info(records)').all() as { name: string }[]).some((column) => column.name === 'refs');
    return this.#refsColumn;
  }

  /** The messages of the run's last stored `model-request` (none yet: empty). */
  #previousRequest(runId: string): ModelMessage[] {
    const last = this.#db
      .prepare("SELECT seq FROM records WHERE run_id = ? AND type = 'model-request' ORDER BY seq DESC LIMIT 1")
      .get(runId) as { seq: number } | undefined;
    if (!last) return [];
    const cached = this.#lastRequest.get(runId);
    if (cached?.seq === Number(last.seq)) return cached.messages;
    const requests = this.#records(runId, "SELECT seq, at, body, refs FROM records WHERE run_id = ? AND type = 'model-request' ORDER BY seq");
    const messages = (requests.at(-1) as { messages?: ModelMessage[] } | undefined)?.messages ?? [];
    this.#lastRequest.set(runId, { seq: Number(last.seq), messages });
    return messages;
  }

  /**
   * Runs `write` in one `BEGIN IMMEDIATE` transaction after checking the run's owner: unknown run,
   * `SessionNotFoundError`; another live owner (and not `force`), `SessionInUseError`.
   */
  #owned<T>(id: string, force: boolean, write: (owner: RunOwner) => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const row = this.#db.prepare('SELECT owner_pid, owner_host, heartbeat_at FROM runs WHERE id = ?').get(id) as RunRow | undefined;
      if (!row) throw new SessionNotFoundError(id);
      const owner = ownerOf(row);
      if (!force && ownedByAnother(owner, this.#ownerTimeoutMs)) throw new SessionInUseError(id, owner);
      const result = write(currentOwner());
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #guard<T>(operation: string, action: () => T): T {
    return guardSqlite(operation, this.path, action);
  }
}
