/**
 * The Postgres schema of the sessions store: the tables of `sessions-tables.ts` (as in SQLite, named
 * `reins_*`), created when missing, and a `reins_schema` row holding the version. Creation runs under
 * an advisory lock so that several processes opening one database at once do not race on `CREATE TABLE`.
 */
import { sessionsTablesSql } from './sessions-tables.ts';

/** 1: runs, records, blobs (the SQLite store's version 3, without `sharedMessages`). 2: `reins eval` results (SQLite's version 4). */
export const POSTGRES_SCHEMA_VERSION = 2;

/** The advisory lock key taken while the schema is created (any stable number). */
export const SCHEMA_LOCK_KEY = 0x7265696e; // "rein"

export const POSTGRES_SCHEMA = `${sessionsTablesSql('postgres')}CREATE TABLE IF NOT EXISTS reins_schema (version INTEGER NOT NULL);\n`;
