/**
 * The optional peers (pg, DBOS) load on first use; a missing one is a ConfigError with the command
 * that installs it, while any other failure of the import passes through unchanged.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { importOptionalPackage } from '../../src/sessions/import-optional-package.ts';
import { loadPg } from '../../src/sessions/load-pg.ts';

const missing = 'reins-test-package-that-is-not-installed';

describe('importOptionalPackage', () => {
  it('names the install command when the package is not installed', async () => {
    const error = await importOptionalPackage({ name: missing, neededFor: 'a test store', install: `npm install ${missing}@1`, load: () => import(missing) }).catch((caught: unknown) => caught);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as ConfigError).message).toBe(`a test store needs the package ${missing}, which is not installed\ninstall it next to reins: npm install ${missing}@1`);
    expect((error as ConfigError).hint).toBe(`install it next to reins: npm install ${missing}@1`);
    expect(((error as ConfigError).cause as { code: string }).code).toBe('ERR_MODULE_NOT_FOUND');
  });

  it('passes on any other failure: a module missing inside an installed package, or a throwing import', async () => {
    const inside = await importOptionalPackage({ name: 'pg', neededFor: 'a store', install: 'npm install pg@8', load: () => import(missing) }).catch((caught: unknown) => caught);
    expect(ConfigError.isInstance(inside)).toBe(false);
    expect((inside as { code: string }).code).toBe('ERR_MODULE_NOT_FOUND');
    const broken = new Error('the package threw at import');
    await expect(importOptionalPackage({ name: 'pg', neededFor: 'a store', install: 'npm install pg@8', load: () => Promise.reject(broken) })).rejects.toBe(broken);
  });

  it('returns the package when it is installed (pg, a dev dependency here)', async () => {
    const pg = await loadPg();
    expect(typeof pg.Pool).toBe('function');
  });
});
