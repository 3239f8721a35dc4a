/**
 * The sessions store of the CLI: `--store`, else `REINS_STORE`, else `REINS_SESSIONS_DB`, else the
 * user's data folder. A `postgres://` URL opens a PostgresStore (the `pg` driver is loaded only then);
 * anything else is an SQLite file. `run` and `demo` create the file when missing; `resume` needs it
 * to exist; `show` and `sessions` only read it. What the CLI records also passes through its
 * SecretMask before it is written (`maskedStore`, sessions/masked-store.ts).
 */
import { resolve } from 'node:path';
import { isPostgresUrl, PostgresStore } from '../../sessions/postgres-store.ts';
import { SqliteStore } from '../../sessions/sqlite-store.ts';
import type { Store } from '../../sessions/store.ts';

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
