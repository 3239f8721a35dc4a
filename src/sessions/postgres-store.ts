/**
 * The durable Store on Postgres (driver: `pg`, loaded only when a PostgresStore first talks to the
 * database, so SQLite users never load it). Many processes on many machines can share one database:
 * each append is its own transaction that locks the run's row (`SELECT ... FOR UPDATE`), checks its
 * owner (`owner-liveness.ts`), numbers the record and commits before `appendStep` resolves. Large strings
 * are stored once, as in the SQLite store (`compact-records.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { ReinsError } from '../errors/reins-error.ts';
import { SessionInUseError } from '../errors/session-in-use-error.ts';
import { SessionNotFoundError } from '../errors/session-not-found-error.ts';
import { SessionStoreError } from '../errors/session-store-error.ts';
import { compactBody, expandBody, type BodyRef } from './compact-records.ts';
import { ownerOf, toSummary, type RunRow } from './run-row.ts';
import type { RecordInput, RunMeta, RunRecord, RunSummary, SessionStatus, StoredRun } from './run-records/run-record.ts';
import { openPostgresPool, READ_ONLY_CONNECTION } from './postgres-pool.ts';
import { configSecretValues, redactMeta, redactRecord } from './redact.ts';
import { currentOwner, DEFAULT_OWNER_TIMEOUT_MS, ownedByAnother, type RunOwner } from './owner-liveness.ts';
import { SecretMasker } from './secret-masker.ts';
import { DEFAULT_LIST_LIMIT, matchRunId } from './select-runs.ts';
import { FINAL_STATUSES, type ClaimRunOptions, type ListRunsOptions, type Store } from './store.ts';

export interface PostgresStoreOptions {
  /** The database, as a `postgres://user:password@host:port/database` URL. */
  url: string;
  /** Connections this store opens at most. @default 10 */
  maxConnections?: number;
  /** After this long without a heartbeat a run's owner counts as dead. @default 120000 (2 minutes) */
  ownerTimeoutMs?: number;
  /**
   * Only read: the schema is neither created nor touched, and every connection's transactions are
   * read-only in Postgres itself (`default_transaction_read_only`), so a write fails there. For
   * viewers (`reins ui`, `show`, `sessions`). @default false
   */
  readOnly?: boolean;
}

export { READ_ONLY_CONNECTION };

/** True for a `postgres://` or `postgresql://` URL (how the CLI tells a Postgres store from a file). */
export function isPostgresUrl(value: string | undefined): value is string {
  return value !== undefined && /^postgres(ql)?:\/\//i.test(value);
}

/** The URL without its password, for messages. */
export function safeUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}


export class PostgresStore implements Store {
  /** The database URL without its password. */
  readonly path: string;
  readonly #url: string;
  readonly #max: number;
  readonly #ownerTimeoutMs: number;
  readonly #readOnly: boolean;
  readonly #maskers = new Map<string, SecretMasker>();
  #pool: Promise<Pool> | undefined;
  #closed = false;

  constructor(options: PostgresStoreOptions) {
    this.#url = options.url;
    this.path = safeUrl(options.url);
    this.#max = options.maxConnections ?? 10;
    this.#ownerTimeoutMs = options.ownerTimeoutMs ?? DEFAULT_OWNER_TIMEOUT_MS;
    this.#readOnly = options.readOnly ?? false;
  }

  async createRun(meta: RunMeta): Promise<string> {
    return this.#guard('create', async (client) => {
      const masker = new SecretMasker(configSecretValues(meta.config));
      const safe = masker.value(redactMeta(meta));
      const id = randomUUID();
      const now = new Date().toISOString();
      const owner = currentOwner();
      await client.query(
        `INSERT INTO reins_runs (id, question, model, protocol, status, meta, created_at, updated_at, record_count, owner_pid, owner_host, heartbeat_at)
         VALUES ($1, $2, $3, $4, 'running', $5, $6, $6, 0, $7, $8, $9)`,
        [id, safe.question, safe.model ?? null, safe.protocol ?? null, JSON.stringify(safe), now, owner.pid, owner.host, owner.heartbeatAt],
      );
      if (!masker.empty) this.#maskers.set(id, masker);
      return id;
    });
  }

  async appendStep(runId: string, record: RecordInput): Promise<RunRecord> {
    const safe = this.#maskers.get(runId)?.value(redactRecord(record)) ?? redactRecord(record);
    return this.#guard('append', (client) =>
      this.#owned(client, runId, false, async (owner) => {
        const at = new Date().toISOString();
        const { rows } = await client.query<{ record_count: number }>(
          'UPDATE reins_runs SET record_count = record_count + 1, updated_at = $1, owner_pid = $2, owner_host = $3, heartbeat_at = $4 WHERE id = $5 RETURNING record_count',
          [at, owner.pid, owner.host, owner.heartbeatAt, runId],
        );
        const seq = Number(rows[0]!.record_count);
        const compact = compactBody(safe);
        for (const [hash, text] of compact.blobs) {
          await client.query('INSERT INTO reins_blobs (hash, text) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING', [hash, text]);
        }
        await client.query('INSERT INTO reins_records (run_id, seq, at, step, type, body, refs) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
          runId, seq, at, safe.step, safe.type, compact.json, compact.refs.length ? JSON.stringify(compact.refs) : null,
        ]);
        return { ...safe, runId, seq, at } as RunRecord;
      }),
    );
  }

  async claimRun(id: string, options: ClaimRunOptions = {}): Promise<void> {
    await this.#guard('claim', (client) =>
      this.#owned(client, id, options.force ?? false, async (owner) => {
        await client.query('UPDATE reins_runs SET owner_pid = $1, owner_host = $2, heartbeat_at = $3 WHERE id = $4', [owner.pid, owner.host, owner.heartbeatAt, id]);
      }),
    );
  }

  async loadRun(id: string): Promise<StoredRun> {
    return this.#guard('load', async (client) => {
      const { rows } = await client.query<RunRow>('SELECT * FROM reins_runs WHERE id = $1', [id]);
      if (!rows[0]) throw new SessionNotFoundError(id);
      const records = await client.query<{ seq: number; at: string; body: string; refs: string | null }>(
        'SELECT seq, at, body, refs FROM reins_records WHERE run_id = $1 ORDER BY seq',
        [id],
      );
      const hashes = new Set<string>();
      const refsOf = records.rows.map((row) => (row.refs ? (JSON.parse(row.refs) as BodyRef[]) : []));
      for (const ref of refsOf.flat()) if ('blob' in ref) hashes.add(ref.blob);
      const blobs = new Map<string, string>();
      if (hashes.size) {
        const found = await client.query<{ hash: string; text: string }>('SELECT hash, text FROM reins_blobs WHERE hash = ANY($1)', [[...hashes]]);
        for (const row of found.rows) blobs.set(row.hash, row.text);
      }
      return {
        summary: toSummary(rows[0]),
        meta: JSON.parse(rows[0].meta) as RunMeta,
        records: records.rows.map((row, index) => ({
          ...expandBody(row.body, refsOf[index]!, (hash) => blobs.get(hash) ?? ''),
          runId: id,
          seq: Number(row.seq),
          at: row.at,
        })) as RunRecord[],
      };
    });
  }

  async listRuns(options: ListRunsOptions = {}): Promise<RunSummary[]> {
    return this.#guard('list', async (client) => {
      const statuses = options.status === undefined ? [] : [options.status].flat();
      const where = statuses.length ? 'WHERE status = ANY($2)' : '';
      const parameters: unknown[] = [options.limit ?? DEFAULT_LIST_LIMIT, ...(statuses.length ? [statuses] : [])];
      const { rows } = await client.query<RunRow>(`SELECT * FROM reins_runs ${where} ORDER BY updated_at DESC, created_at DESC, id DESC LIMIT $1`, parameters);
      return rows.map(toSummary);
    });
  }

  async markStatus(id: string, status: SessionStatus): Promise<void> {
    await this.#guard('mark-status', (client) =>
      this.#owned(client, id, false, async (owner) => {
        const holder = FINAL_STATUSES.includes(status) ? [null, null, null] : [owner.pid, owner.host, owner.heartbeatAt];
        await client.query('UPDATE reins_runs SET status = $1, updated_at = $2, owner_pid = $3, owner_host = $4, heartbeat_at = $5 WHERE id = $6', [
          status, new Date().toISOString(), ...holder, id,
        ]);
      }),
    );
  }

  async resolveId(prefix: string): Promise<string> {
    return this.#guard('resolve-id', async (client) => {
      const { rows } = await client.query<{ id: string }>('SELECT id FROM reins_runs WHERE left(id, length($1)) = $1 LIMIT 6', [prefix]);
      return matchRunId(prefix, rows.map((row) => row.id));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const pool = this.#pool;
    this.#pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.end();
  }

  /** The connection pool, opened (and, unless read-only, the schema created) on first use. */
  #open(): Promise<Pool> {
    this.#pool ??= openPostgresPool(this.#url, { max: this.#max, readOnly: this.#readOnly });
    this.#pool.catch(() => {
      this.#pool = undefined;
    });
    return this.#pool;
  }

  /**
   * Runs `write` in one transaction holding the run's row lock, after checking its owner: unknown
   * run, `SessionNotFoundError`; another live owner (and not `force`), `SessionInUseError`.
   */
  async #owned<T>(client: PoolClient, id: string, force: boolean, write: (owner: RunOwner) => Promise<T>): Promise<T> {
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<RunRow>('SELECT owner_pid, owner_host, heartbeat_at FROM reins_runs WHERE id = $1 FOR UPDATE', [id]);
      if (!rows[0]) throw new SessionNotFoundError(id);
      const owner = ownerOf(rows[0]);
      if (!force && ownedByAnother(owner, this.#ownerTimeoutMs)) throw new SessionInUseError(id, owner);
      const result = await write(currentOwner());
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  /** Runs a database operation on one pooled connection; failures other than reins errors become a `SessionStoreError`. */
  async #guard<T>(operation: string, action: (client: PoolClient) => Promise<T>): Promise<T> {
    try {
      if (this.#closed) throw new Error('the store is closed');
      const client = await (await this.#open()).connect();
      let broken: Error | undefined;
      // A connection that dies between two queries of a transaction (server restart) emits 'error'
      // on the checked-out client, which would crash the process: the next query fails instead, and
      // the client is dropped from the pool.
      const ignore = (error: Error) => void (broken ??= error);
      client.on('error', ignore);
      try {
        return await action(client);
      } catch (error) {
        // A connection error leaves the client unusable: the pool drops it instead of reusing it.
        if (!ReinsError.isInstance(error)) broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    } catch (cause) {
      if (ReinsError.isInstance(cause)) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new SessionStoreError(`Sessions database ${this.path}: ${operation} failed: ${reason}`, { operation, path: this.path, cause });
    }
  }
}
