/**
 * The sessions store of the CLI: `--store`, else `REINS_STORE`, else `REINS_SESSIONS_DB`, else the
 * user's data folder. A `postgres://` URL opens a PostgresStore (the `pg` driver is loaded only then);
 * anything else is an SQLite file. `run` and `demo` create the file when missing; `resume` needs it
 * to exist; `show` and `sessions` only read it. What the CLI records also passes through its
 * SecretMask before it is written.
 */
import { resolve } from 'node:path';
import { isPostgresUrl, PostgresStore } from '../../sessions/postgres-store.ts';
import { SqliteStore } from '../../sessions/sqlite-store.ts';
import type { Store } from '../../sessions/store.ts';
import type { SecretMask } from './secret-mask.ts';

/** `create`: make the file if missing; `existing`: read and write an existing file; `read`: read only. */
export type StoreAccess = 'create' | 'existing' | 'read';

/** A store that can claim runs, with where it keeps them (a file path, or the database URL without its password). */
export type CliStore = Store & Required<Pick<Store, 'claimRun'>> & { readonly path: string };

export function openStore(location: string | undefined, access: StoreAccess = 'create'): CliStore {
  const chosen = location ?? (process.env.REINS_STORE || undefined);
  if (isPostgresUrl(chosen)) return new PostgresStore({ url: chosen, readOnly: access === 'read' });
  return new SqliteStore({
    ...(chosen === undefined ? {} : { path: resolve(chosen) }),
    create: access === 'create',
    readOnly: access === 'read',
  });
}

/** The store with every record and run's metadata masked before it reaches the database. */
export function maskedStore(store: Store, mask: SecretMask): Store {
  const claimRun = store.claimRun?.bind(store);
  return {
    createRun: (meta) => store.createRun(mask.value(meta)),
    appendStep: (runId, record) => store.appendStep(runId, mask.value(record)),
    loadRun: (id) => store.loadRun(id),
    listRuns: (options) => store.listRuns(options),
    markStatus: (id, status) => store.markStatus(id, status),
    resolveId: (prefix) => store.resolveId(prefix),
    ...(claimRun ? { claimRun } : {}),
    close: () => store.close(),
  };
}
