/** The SQLite schema of the sessions database (tables from `sessions-tables.ts`). Bump the version with every change. */
import type { DatabaseSync } from 'node:sqlite';
import { columnSql, columnsOf, sessionsTablesSql } from './sessions-tables.ts';

/**
 * 1: runs and records. 2: the run's owner (`owner_pid`, `owner_host`, `heartbeat_at`). 3: large
 * strings stored once (`blobs`, `records.refs`, see `compact-records.ts`) and `model-request`
 * records holding only the messages the previous one did not (`sharedMessages`). 4: `reins eval`
 * results (`evals`, `eval_outcomes`, see `eval-store.ts`).
 */
export const SESSIONS_SCHEMA_VERSION = 4;

/** Columns added after version 1, which an older database gains when it is opened. */
const ADDED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  runs: ['owner_pid', 'owner_host', 'heartbeat_at'],
  records: ['refs'],
};

/** True when the database holds reins' `runs` table. */
export function hasSessionsTables(db: DatabaseSync): boolean {
  return db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'runs'").get() !== undefined;
}

/** Creates the tables, or brings a database of an older version up to this one. */
export function migrateSessionsSchema(db: DatabaseSync): void {
  db.exec(sessionsTablesSql('sqlite'));
  for (const [table, added] of Object.entries(ADDED_COLUMNS)) {
    const present = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name));
    for (const column of columnsOf(table)) {
      if (added.includes(column.name) && !present.has(column.name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnSql('sqlite', column)}`);
    }
  }
  db.exec(`PRAGMA user_version = ${SESSIONS_SCHEMA_VERSION}`);
}
