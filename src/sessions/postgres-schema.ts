/**
 * The Postgres schema of the sessions store: the same tables as the SQLite one (`sqlite-schema.ts`),
 * created when missing. Times are ISO-8601 text, as in SQLite, so both stores order runs alike.
 * Creation runs under an advisory lock so that several processes opening one database at once do not
 * race on `CREATE TABLE`.
 */

/** 1: runs, records, blobs (the SQLite store's version 3, without `sharedMessages`). 2: `reins eval` results (SQLite's version 4). */
export const POSTGRES_SCHEMA_VERSION = 2;

/** The advisory lock key taken while the schema is created (any stable number). */
export const SCHEMA_LOCK_KEY = 0x7265696e; // "rein"

export const POSTGRES_SCHEMA = `
CREATE TABLE IF NOT EXISTS reins_runs (
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
CREATE INDEX IF NOT EXISTS reins_runs_updated ON reins_runs (updated_at DESC, created_at DESC);
CREATE TABLE IF NOT EXISTS reins_records (
  run_id TEXT NOT NULL REFERENCES reins_runs (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  at TEXT NOT NULL,
  step INTEGER NOT NULL,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  refs TEXT,
  PRIMARY KEY (run_id, seq)
);
CREATE TABLE IF NOT EXISTS reins_blobs (
  hash TEXT PRIMARY KEY,
  text TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS reins_evals (
  id TEXT PRIMARY KEY,
  model TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  interrupted BOOLEAN NOT NULL,
  recommended TEXT,
  summary TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS reins_evals_model ON reins_evals (model, finished_at DESC);
CREATE TABLE IF NOT EXISTS reins_eval_outcomes (
  eval_id TEXT NOT NULL REFERENCES reins_evals (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  variant TEXT NOT NULL,
  task_id TEXT NOT NULL,
  correct BOOLEAN NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (eval_id, seq)
);
CREATE TABLE IF NOT EXISTS reins_schema (version INTEGER NOT NULL);
`;
