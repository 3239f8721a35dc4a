/**
 * The connection pool of a Postgres store (driver `pg`, an optional peer loaded on first use, so SQLite
 * users never load it). Unless read-only, the schema (`postgres-schema.ts`) is created under an advisory
 * lock first, so several processes opening one database at once do not race on `CREATE TABLE`.
 * Read-only pools run every transaction read-only in Postgres itself.
 */
import type { Pool } from 'pg';
import { loadPg } from './load-pg.ts';
import { POSTGRES_SCHEMA, POSTGRES_SCHEMA_VERSION, SCHEMA_LOCK_KEY } from './postgres-schema.ts';

/** The pool settings of a connection that can only read (Postgres refuses any write on it). */
export const READ_ONLY_CONNECTION = { options: '-c default_transaction_read_only=on' } as const;

export async function openPostgresPool(url: string, options: { max: number; readOnly: boolean }): Promise<Pool> {
  const pg = await loadPg();
  const pool = new pg.Pool({ connectionString: url, max: options.max, ...(options.readOnly ? READ_ONLY_CONNECTION : {}) });
  // An idle connection that dies (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (options.readOnly) return pool;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
    await client.query(POSTGRES_SCHEMA);
    await client.query('DELETE FROM reins_schema');
    await client.query('INSERT INTO reins_schema (version) VALUES ($1)', [POSTGRES_SCHEMA_VERSION]);
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
  } finally {
    client.release();
  }
  return pool;
}
