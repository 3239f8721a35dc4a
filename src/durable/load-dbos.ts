/**
 * The DBOS SDK (`@dbos-inc/dbos-sdk`) of durable runs and workers: an optional peer dependency of
 * reins (with `pg`), loaded on first use (see sessions/import-optional-package.ts).
 */
import { importOptionalPackage } from '../sessions/import-optional-package.ts';

/** The install command named by the error: DBOS, and the driver reins reaches Postgres with. */
const DBOS_INSTALL = 'npm install @dbos-inc/dbos-sdk@5 pg@8';

export type DbosSdk = typeof import('@dbos-inc/dbos-sdk');

export function loadDbos(neededFor = 'a durable run'): Promise<DbosSdk> {
  return importOptionalPackage({ name: '@dbos-inc/dbos-sdk', neededFor, install: DBOS_INSTALL, load: () => import('@dbos-inc/dbos-sdk') });
}
