/**
 * Starts DBOS in this process with reins' workflow registered (`durableRunWorkflow`), so the
 * process can start durable runs and run them (a worker, or an application that runs its own).
 * DBOS keeps its workflows in `systemDatabaseUrl` (schema `dbos`, created on first launch; the same
 * database as the PostgresStore is fine). At launch DBOS recovers the unfinished workflows of this
 * executor id and application version: a process restarted with the same `executorId` continues
 * the runs it had.
 */
import type { DBOSConfig } from '@dbos-inc/dbos-sdk';
import { DBOS } from './dbos-sdk.ts';
import { configureDurableRuns, type DurableRuntime } from './durable-runtime.ts';
import './durable-run-workflow.ts';

/**
 * The application version reins' workflows are recorded under. DBOS recovers a workflow only in a
 * process of the same version, so it is pinned (not DBOS's hash of the code): an upgrade of reins
 * that keeps the workflow's steps in the same order keeps it, and pending runs are not orphaned.
 */
export const DURABLE_RUNS_VERSION = 'reins-run-1';

export interface LaunchDurableRunsOptions extends DurableRuntime {
  /** The Postgres database where DBOS keeps workflows, steps and messages: a `postgres://` URL. */
  systemDatabaseUrl: string;
  /** @default DURABLE_RUNS_VERSION */
  applicationVersion?: string;
  /** Names this process among the executors (recovery at launch takes this executor's workflows). @default DBOS's default, `local` */
  executorId?: string;
  /** DBOS's application name: scopes workflows and queues in the database. @default 'reins' */
  name?: string;
  /** DBOS's own log level. @default 'warn' */
  logLevel?: string;
  /** Any other DBOS setting (e.g. `listenQueues`), passed as given. @default {} */
  dbos?: Partial<DBOSConfig>;
}

export async function launchDurableRuns(options: LaunchDurableRunsOptions): Promise<void> {
  configureDurableRuns({ store: options.store, agent: options.agent });
  DBOS.setConfig({
    name: options.name ?? 'reins',
    systemDatabaseUrl: options.systemDatabaseUrl,
    applicationVersion: options.applicationVersion ?? DURABLE_RUNS_VERSION,
    logLevel: options.logLevel ?? 'warn',
    ...(options.executorId === undefined ? {} : { executorID: options.executorId }),
    ...options.dbos,
  });
  await DBOS.launch();
}

/** Stops DBOS in this process (runs in progress stay pending and are recovered later). */
export async function shutdownDurableRuns(): Promise<void> {
  await DBOS.shutdown();
}
