import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { SESSIONS_TABLES, sessionsTablesSql } from '../../src/sessions/sessions-tables.ts';
import { migrateSessionsSchema } from '../../src/sessions/sqlite-schema.ts';

describe('sessions tables', () => {
  it('creates every defined table and column in SQLite, booleans as INTEGER', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(sessionsTablesSql('sqlite'));
    for (const table of SESSIONS_TABLES) {
      const columns = db.prepare(`PRAGMA table_info(${table.name})`).all() as { name: string; type: string }[];
      expect(columns.map((column) => column.name)).toEqual(table.columns.map((column) => column.name));
    }
    const evalColumns = db.prepare('PRAGMA table_info(evals)').all() as { name: string; type: string }[];
    expect(evalColumns.find((column) => column.name === 'interrupted')?.type).toBe('INTEGER');
  });

  it('names the Postgres tables reins_* with BOOLEAN flags', () => {
    const sql = sessionsTablesSql('postgres');
    for (const table of SESSIONS_TABLES) expect(sql).toContain(`CREATE TABLE IF NOT EXISTS reins_${table.name} (`);
    expect(sql).toContain('interrupted BOOLEAN NOT NULL');
    expect(sql).not.toContain('WITHOUT ROWID');
  });

  it('adds the columns of later versions to a version-1 database', () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE runs (id TEXT PRIMARY KEY, question TEXT NOT NULL, model TEXT, protocol TEXT, status TEXT NOT NULL, meta TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, record_count INTEGER NOT NULL DEFAULT 0)');
    db.exec('CREATE TABLE records (run_id TEXT NOT NULL, seq INTEGER NOT NULL, at TEXT NOT NULL, step INTEGER NOT NULL, type TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (run_id, seq))');
    migrateSessionsSchema(db);
    const runColumns = (db.prepare('PRAGMA table_info(runs)').all() as { name: string }[]).map((column) => column.name);
    expect(runColumns).toEqual(expect.arrayContaining(['owner_pid', 'owner_host', 'heartbeat_at']));
    const recordColumns = (db.prepare('PRAGMA table_info(records)').all() as { name: string }[]).map((column) => column.name);
    expect(recordColumns).toContain('refs');
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(4);
  });
});
