/**
 * The sessions store of the CLI: SQLite (`--store <path>`, else `REINS_SESSIONS_DB`, else the user's
 * data folder). What the CLI records also passes through its SecretMask before it is written.
 */
import { resolve } from 'node:path';
import { SqliteStore } from '../../sessions/sqlite-store.ts';
import type { Store } from '../../sessions/store.ts';
import type { SecretMask } from './secret-mask.ts';

export function openStore(path: string | undefined): SqliteStore {
  return new SqliteStore(path === undefined ? {} : { path: resolve(path) });
}

/** The store with every record and run's metadata masked before it reaches the database. */
export function maskedStore(store: Store, mask: SecretMask): Store {
  return {
    createRun: (meta) => store.createRun(mask.value(meta)),
    appendStep: (runId, record) => store.appendStep(runId, mask.value(record)),
    loadRun: (id) => store.loadRun(id),
    listRuns: (options) => store.listRuns(options),
    markStatus: (id, status) => store.markStatus(id, status),
    resolveId: (prefix) => store.resolveId(prefix),
    close: () => store.close(),
  };
}
