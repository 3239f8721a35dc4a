/** The SQLite schema of the sessions database. Bump the version with every change. */
export const SESSIONS_SCHEMA_VERSION = 1;

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
  record_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS runs_updated ON runs (updated_at DESC);
CREATE TABLE IF NOT EXISTS records (
  run_id TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  at TEXT NOT NULL,
  step INTEGER NOT NULL,
  type TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
`;
