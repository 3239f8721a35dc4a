/**
 * Opens the SQLite file of a SqliteStore. Writers get WAL mode and the current schema (created or
 * migrated); `create: false` and `readOnly` never create a file or a folder: a missing file is a
 * `SessionStoreMissingError`, and a file that is not a reins sessions database is a
 * `SessionStoreError` that says why (SQLite's own reason, e.g. `file is not a database`).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SessionStoreError } from '../errors/session-store-error.ts';
import { SessionStoreMissingError } from '../errors/session-store-missing-error.ts';
import { hasSessionsTables, migrateSessionsSchema } from './sqlite-schema.ts';

export interface OpenDatabaseOptions {
  readOnly: boolean;
  create: boolean;
  busyTimeoutMs: number;
}

export function openSessionsDatabase(path: string, options: OpenDatabaseOptions): DatabaseSync {
  const inMemory = path === ':memory:';
  const mayCreate = options.create && !options.readOnly;
  if (!inMemory && !mayCreate && !existsSync(path)) throw new SessionStoreMissingError(path);
  let db: DatabaseSync | undefined;
  try {
    if (!inMemory && mayCreate) mkdirSync(dirname(path), { recursive: true });
    db = new DatabaseSync(path, { timeout: options.busyTimeoutMs, readOnly: options.readOnly && !inMemory });
    const known = hasSessionsTables(db);
    if (!known && !mayCreate && !inMemory) {
      throw new Error('it is an SQLite database, but not a reins sessions database (no `runs` table)');
    }
    if (!options.readOnly || inMemory) {
      db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
      migrateSessionsSchema(db);
    }
    return db;
  } catch (cause) {
    if (db?.isOpen) db.close();
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SessionStoreError(`Cannot open the sessions database ${path}: ${reason}`, { operation: 'open', path, cause });
  }
}
