/**
 * Where `reins eval` keeps its results and `reins run --protocol auto` reads them: the same sessions
 * database as the runs (`open-store.ts`: `--store`, else REINS_STORE, else REINS_SESSIONS_DB, else the
 * user data folder), SQLite or Postgres.
 */
import { resolve } from 'node:path';
import type { EvalStore } from '../../sessions/eval-store.ts';
import { PostgresEvalStore } from '../../sessions/postgres-eval-store.ts';
import { isPostgresUrl } from '../../sessions/postgres-store.ts';
import { SqliteEvalStore } from '../../sessions/sqlite-eval-store.ts';
import type { StoreAccess } from './open-store.ts';

export function openEvalStore(location: string | undefined, access: StoreAccess = 'create'): EvalStore & { readonly path: string } {
  const chosen = location ?? (process.env.REINS_STORE || undefined);
  if (isPostgresUrl(chosen)) return new PostgresEvalStore({ url: chosen, readOnly: access === 'read' });
  return new SqliteEvalStore({ ...(chosen === undefined ? {} : { path: resolve(chosen) }), create: access === 'create', readOnly: access === 'read' });
}
