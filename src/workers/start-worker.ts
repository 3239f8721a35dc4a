/**
 * `startWorker`: this process becomes a reins worker. It launches DBOS on the Postgres database (the
 * same one as the PostgresStore: DBOS keeps its tables in the `dbos` schema), with a fresh executor id
 * and the pinned application version, listens to the runs queue with `concurrency` runs at once, and
 * joins the other workers (`worker-membership.ts`: heartbeats, recovery of dead workers). DBOS is one
 * per process: start one worker per process.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Pool } from 'pg';
import { loadDbos } from '../durable/load-dbos.ts';
import { loadPg } from '../sessions/load-pg.ts';
import { migrateSystemDatabase } from './migrate-system-database.ts';
import { maskedStore } from '../sessions/masked-store.ts';
import type { SecretMasker } from '../sessions/secret-masker.ts';
import { ridingStore } from './riding-store.ts';
import type { NamedAgents } from './named-agents.ts';
import type { RecoveryPass } from './recover-dead-workers.ts';
import {
  DEFAULT_CONCURRENCY,
  DEFAULT_DEAD_AFTER_MS,
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_POLL_MS,
  DEFAULT_STORE_OUTAGE_MS,
  REINS_APPLICATION,
  RUNS_QUEUE,
} from './worker-defaults.ts';
import { WorkerMembership } from './worker-membership.ts';

export interface WorkerOptions {
  /** The Postgres database shared by every worker, as a `postgres://` URL. */
  url: string;
  /**
   * The agents this worker runs, by name (`enqueueRun({ agent })` names one). Each builds a run's
   * agent options from the run's id and stored meta; toolboxes it returns belong to the caller.
   */
  agents: NamedAgents;
  /**
   * Runs this worker runs at once. A setting of the queue, which every worker shares: the worker
   * started last sets it for all.
   * @default 8
   */
  concurrency?: number;
  /** Heartbeat and recovery pass interval. @default 5000 */
  heartbeatMs?: number;
  /** A worker whose heartbeat has not moved for this long is dead; its runs go to the others. @default 30000 */
  deadAfterMs?: number;
  /** How often an idle worker polls the queue. @default 1000 */
  pollMs?: number;
  /**
   * How long a run's store writes wait for Postgres to come back (restart, partition) before the
   * run fails with a SessionStoreError.
   * @default 120000
   */
  storeOutageMs?: number;
  /**
   * Secret values masked (in every encoding) in each record and run's metadata before the worker
   * writes them to Postgres (`reins worker` gives the secrets of its environment, as the CLI masks
   * what it stores).
   * @default none (records written as the runs made them)
   */
  secrets?: SecretMasker;
  /** The queue to take runs from. @default 'reins-runs' */
  queue?: string;
  /**
   * This worker was seen dead by the others (frozen, or cut off from Postgres for longer than
   * `deadAfterMs`) and its runs were handed to them. It must stop running them at once.
   * @default writes a line to stderr and exits the process with code 1 (a supervisor restarts it)
   */
  onFenced?: () => void;
  /** Dead workers whose runs this worker handed back to the queue. @default nothing */
  onRecovered?: (pass: RecoveryPass) => void;
  /** DBOS's log level. @default 'warn' */
  logLevel?: 'error' | 'warn' | 'info' | 'debug';
}

export interface Worker {
  /** This worker's DBOS executor id (also its row in `reins_workers`). */
  readonly executorId: string;
  /**
   * Stops taking runs and shuts DBOS down. Runs still in progress are handed to the other workers
   * at once (their next recovery pass), after `graceMs` for them to finish here.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

function fencedExit(): void {
  process.stderr.write('reins worker: another worker took over this worker\'s runs (it was seen dead); exiting\n');
  process.exit(1);
}

export async function startWorker(options: WorkerOptions): Promise<Worker> {
  // The optional peers first, so a missing one is an error naming the install command.
  const [{ DBOS }, pg] = await Promise.all([loadDbos('a worker (reins worker)'), loadPg('a worker (reins worker)')]);
  const [{ getExecutor }, { launchDurableRuns, DURABLE_RUNS_VERSION }, { PostgresStore }, { dispatchAgents }] = await Promise.all([
    import('@dbos-inc/dbos-sdk/internal/dbos'),
    import('../durable/launch-durable-runs.ts'),
    import('../sessions/postgres-store.ts'),
    import('./named-agents.ts'),
  ]);
  const executorId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pool: Pool = new pg.Pool({ connectionString: options.url, max: 2 });
  // A restart of Postgres ends idle connections; the pool reconnects on the next query.
  pool.on('error', () => undefined);
  const membership = new WorkerMembership({
    pool,
    executorId,
    appVersion: DURABLE_RUNS_VERSION,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    deadAfterMs: options.deadAfterMs ?? DEFAULT_DEAD_AFTER_MS,
    recoverExecutor: async (id) => (await getExecutor().recoverPendingWorkflows([id])).map((handle) => handle.workflowID),
    onFenced: options.onFenced ?? fencedExit,
    ...(options.onRecovered ? { onRecovered: options.onRecovered } : {}),
  });
  const store = new PostgresStore({ url: options.url });
  try {
    // The row first: a worker that dies right after DBOS dequeued runs for it is already known.
    await membership.join(hostname(), process.pid);
    await migrateSystemDatabase(options.url);
    await launchDurableRuns({
      store: ridingStore(options.secrets ? maskedStore(store, options.secrets) : store, options.storeOutageMs ?? DEFAULT_STORE_OUTAGE_MS),
      agent: dispatchAgents(options.agents),
      systemDatabaseUrl: options.url,
      name: REINS_APPLICATION,
      executorId,
      logLevel: options.logLevel ?? 'warn',
    });
    await DBOS.registerQueue(options.queue ?? RUNS_QUEUE, {
      workerConcurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      minPollingIntervalMs: options.pollMs ?? DEFAULT_POLL_MS,
      onConflict: 'always_update',
    });
  } catch (error) {
    await membership.leave({ release: true }).catch(() => undefined);
    if (DBOS.isInitialized()) await DBOS.shutdown();
    await pool.end();
    await store.close();
    throw error;
  }
  return {
    executorId,
    async stop(stopOptions = {}) {
      await membership.leave({ release: false });
      await DBOS.shutdown({ workflowCompletionTimeoutMS: stopOptions.graceMs ?? 0 });
      await membership.leave({ release: true }).finally(() => Promise.all([pool.end(), store.close()]));
    },
  };
}
