/**
 * Creates or upgrades DBOS's tables (schema `dbos`) one process at a time. DBOS migrates at launch,
 * but workers started together on a fresh database deadlock on its DDL (two `CREATE`/`ALTER`s in
 * flight), and a submitter may enqueue before any worker has launched. So workers and queues
 * migrate first, under a Postgres advisory lock; DBOS's own launch then finds nothing to do. The
 * lock is polled (`pg_try_advisory_lock`), never waited on in a statement: a waiting statement holds
 * a snapshot, which DBOS's `CREATE INDEX CONCURRENTLY` would wait for in turn. DBOS's messages go
 * to stderr (`DBOS.migrate` prints them on stdout, where `reins run --queue --json` writes records).
 */

const text = (entry: unknown) => (entry instanceof Error ? entry.message : String(entry));
const toStderr = {
  info: () => undefined,
  debug: () => undefined,
  warn: (entry: unknown) => void process.stderr.write(`DBOS: ${text(entry)}\n`),
  error: (entry: unknown) => void process.stderr.write(`DBOS: ${text(entry)}\n`),
};
import { migrateSystemDatabase as migrateDbos } from '@dbos-inc/dbos-sdk/internal/system_database';
import { GlobalLogger } from '@dbos-inc/dbos-sdk/internal/telemetry/logs';
import { loadPg } from '../sessions/load-pg.ts';

/** The advisory lock key held while DBOS's tables are migrated ("rdbs"). */
const MIGRATION_LOCK_KEY = 0x72646273;

export async function migrateSystemDatabase(url: string): Promise<void> {
  const pg = await loadPg('a worker or a run queue');
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY]);
      if (rows[0]?.locked) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await migrateDbos(url, new GlobalLogger(undefined, { logger: toStderr }));
  } finally {
    await client.end();
  }
}
