/** The SQLite schema of the sessions database. Bump the version with every change. */
import type { DatabaseSync } from 'node:sqlite';

/**
 * 1: runs and records. 2: the run's owner (`owner_pid`, `owner_host`, `heartbeat_at`). 3: large
 * strings stored once (`blobs`, `records.refs`, see `compact-records.ts`) and `model-request`
 * records holding only the messages the previous one did not (`sharedMessages`). 4: `reins eval`
 * results (`evals`, `eval_outcomes`, see `eval-store.ts`).
 */
export const SESSIONS_SCHEMA_VERSION = 4;

/** The tables of `reins eval` (the same columns in Postgres, prefixed `reins_`). */
export const EVAL_TABLES = `
CREATE TABLE IF NOT EXISTS evals (
  id TEXT PRIMARY KEY,
  model TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  interrupted INTEGER NOT NULL,
  recommended TEXT,
  summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS evals_model ON evals (model, finished_at DESC);
CREATE TABLE IF NOT EXISTS eval_outcomes (
  eval_id TEXT NOT NULL REFERENCES evals (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  variant TEXT NOT NULL,
  task_id TEXT NOT NULL,
  correct INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (eval_id, seq)
);
`;

export const SESSIONS_SCHEMA = `
CREATE TABLE IF NOT EXISTS runs (
  id TEXT PRIMARY KEY,
  question TEXT NOT NULL,
  model TEXT,
  protocol TEXT,
  status TEXT NOT NULL,
  meta TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  record_count INTEGER NOT NULL DEFAULT 0,
  owner_pid INTEGER,
  owner_host TEXT,
  heartbeat_at TEXT
);
CREATE INDEX IF NOT EXISTS runs_updated ON runs (updated_at DESC);
CREATE TABLE IF NOT EXISTS records (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  at TEXT NOT NULL,
  step INTEGER NOT NULL,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  refs TEXT,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS blobs (
  hash TEXT PRIMARY KEY,
  text TEXT NOT NULL
) WITHOUT ROWID;
${EVAL_TABLES}`;

const OWNER_COLUMNS = [
  ['owner_pid', 'INTEGER'],
  ['owner_host', 'TEXT'],
  ['heartbeat_at', 'TEXT'],
] as const;

/** True when the database holds reins' `runs` table. */
export function hasSessionsTables(db: DatabaseSync): boolean {
  return db.prepare("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = 'runs'").get() !== undefined;
}

/** Creates the tables, or brings a database of an older version up to this one. */
export function migrateSessionsSchema(db: DatabaseSync): void {
  db.exec(SESSIONS_SCHEMA);
  const columns = new Set((db.prepare('PRAGMA table_info(runs)').all() as { name: string }[]).map((column) => column.name));
  for (const [name, type] of OWNER_COLUMNS) if (!columns.has(name)) db.exec(`ALTER TABLE runs ADD COLUMN ${name} ${type}`);
  const recordColumns = new Set((db.prepare('PRAGMA table_info(records)').all() as { name: string }[]).map((column) => column.name));
  if (!recordColumns.has('refs')) db.exec('ALTER TABLE records ADD COLUMN refs TEXT');
  db.exec(`PRAGMA user_version = ${SESSIONS_SCHEMA_VERSION}`);
}
