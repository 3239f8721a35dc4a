/**
 * `pg`, the Postgres driver of PostgresStore, the UI's run list on Postgres and the workers: an
 * optional peer dependency of reins, loaded on first use (see import-optional-package.ts).
 */
import type pg from 'pg';
import { importOptionalPackage } from './import-optional-package.ts';

/** The install command named by the error. */
const PG_INSTALL = 'npm install pg@8';

export async function loadPg(neededFor = 'a postgres:// store'): Promise<typeof pg> {
  const loaded = await importOptionalPackage({ name: 'pg', neededFor, install: PG_INSTALL, load: () => import('pg') });
  return loaded.default;
}
