/**
 * One SQLite store operation, with its failure made typed: a reins error passes as thrown, anything
 * else (a locked or damaged database, a full disk) becomes a `SessionStoreError` naming the
 * operation and the file. The run store and the eval store share the database, and this rule.
 */
import { describeThrown } from '../errors/describe-thrown.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { SessionStoreError } from '../errors/session-store-error.ts';

export function guardSqlite<T>(operation: string, path: string, action: () => T): T {
  try {
    return action();
  } catch (cause) {
    if (ReinsError.isInstance(cause)) throw cause;
    throw new SessionStoreError(`Sessions database ${operation} failed: ${describeThrown(cause)}`, { operation, path, cause });
  }
}
