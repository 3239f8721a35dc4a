/**
 * Imports an optional peer dependency of reins on first use. The scale-out stack (Postgres through
 * `pg`, durable runs and workers through DBOS) is not installed with reins; a missing package is a
 * ConfigError whose hint is the command that installs it, never a bare ERR_MODULE_NOT_FOUND.
 */
import { ConfigError } from '../errors/config-error.ts';

export interface OptionalPackage<T> {
  /** The package as npm names it, e.g. `pg`. */
  name: string;
  /** What needs it, for the message: `a postgres:// store`. */
  neededFor: string;
  /** The command that installs it (and what it needs beside it). */
  install: string;
  /** The dynamic import (a literal specifier, so bundlers and types see it). */
  load: () => Promise<T>;
}

export async function importOptionalPackage<T>(optional: OptionalPackage<T>): Promise<T> {
  try {
    return await optional.load();
  } catch (cause) {
    const code = (cause as { code?: unknown } | undefined)?.code;
    const missing = (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((cause as Error).message).includes(`'${optional.name}`);
    if (!missing) throw cause;
    throw new ConfigError(`${optional.neededFor} needs the package ${optional.name}, which is not installed`, {
      hint: `install it next to reins: ${optional.install}`,
      cause,
    });
  }
}
