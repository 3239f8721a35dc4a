/**
 * The store a worker gives its durable runs: the PostgresStore, with every call that fails because
 * Postgres is out of reach (restarting, a partition) tried again until it is back, for at most
 * `outageMs`. DBOS waits out such an outage for its own writes; without this, the run's first store
 * write during the outage would end the run (`SessionStoreError`) while its workflow went on, and
 * the run would stay `running` in the store for ever. Other failures are not retried.
 */
import { SessionStoreError } from '../errors/session-store-error.ts';
import type { Store } from '../sessions/store.ts';

/** Codes of a connection that is gone or not there yet (node and Postgres SQLSTATE classes 08, 57P). */
const LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const LOST_MESSAGE = /connection terminated|not queryable|terminating connection|the database system is (starting up|shutting down|not yet accepting)|timeout exceeded when trying to connect/i;

/** True when the error (or one of its causes) says the database connection is lost. */
export function isConnectionLoss(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause && typeof cause === 'object' && depth < 8; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && LOST.has(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGE.test(message)) return true;
  }
  return false;
}

/** Runs `call`, again after a growing pause while the failure is a lost connection, for up to `outageMs`. */
async function rideOutage<T>(call: () => Promise<T>, outageMs: number): Promise<T> {
  const deadline = Date.now() + outageMs;
  for (let pause = 100; ; pause = Math.min(pause * 2, 2_000)) {
    try {
      return await call();
    } catch (error) {
      if (!SessionStoreError.isInstance(error) || !isConnectionLoss(error) || Date.now() + pause > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

export function ridingStore(store: Store, outageMs: number): Store {
  const ride = <T>(call: () => Promise<T>) => rideOutage(call, outageMs);
  const claimRun = store.claimRun?.bind(store);
  return {
    createRun: (meta) => ride(() => store.createRun(meta)),
    appendStep: (runId, record) => ride(() => store.appendStep(runId, record)),
    loadRun: (id) => ride(() => store.loadRun(id)),
    listRuns: (options) => ride(() => store.listRuns(options)),
    markStatus: (id, status) => ride(() => store.markStatus(id, status)),
    resolveId: (prefix) => ride(() => store.resolveId(prefix)),
    ...(claimRun ? { claimRun: (id: string, options?: Parameters<NonNullable<Store['claimRun']>>[1]) => ride(() => claimRun(id, options)) } : {}),
    close: () => store.close(),
  };
}
