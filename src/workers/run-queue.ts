/**
 * Submits runs to the workers and follows them, from any process: needs only the Postgres database,
 * not a launched DBOS. `enqueue` creates the run in the store (status `running`, its meta naming the
 * agent) and enqueues its workflow with the run id as workflow id, so a run is enqueued once however
 * often the call is repeated with the same `runId`. `follow` yields the run's records as workers
 * store them (polling the store) until the run ends; `result` waits for the workflow's outcome.
 */
import type { DBOSClient } from '@dbos-inc/dbos-sdk';
import { loadDbos } from '../durable/load-dbos.ts';
import { DURABLE_RUN_WORKFLOW, type DurableRunOutcome } from '../durable/durable-run-workflow.ts';
import { DURABLE_RUNS_VERSION } from '../durable/launch-durable-runs.ts';
import { PostgresStore } from '../sessions/postgres-store.ts';
import type { RunMeta, RunRecord, StoredRun } from '../sessions/run-records/run-record.ts';
import { FINAL_STATUSES } from '../sessions/store.ts';
import { AGENT_KEY } from './named-agents.ts';
import { isConnectionLoss } from './riding-store.ts';
import { REINS_APPLICATION, RUNS_QUEUE } from './worker-defaults.ts';

export interface QueuedRunRequest {
  /** The agent that runs it: a name the workers registered (`startWorker({ agents })`). */
  agent: string;
  question: string;
  /** Stored with the run (model string, protocol, config) for the agent factory to read. @default {} */
  meta?: Omit<RunMeta, 'question'>;
}

export interface RunQueueOptions {
  /** The queue. @default 'reins-runs' */
  queue?: string;
  /** How often `follow` reads the store. @default 250 */
  followPollMs?: number;
}

export class RunQueue {
  readonly store: PostgresStore;
  readonly #client: DBOSClient;
  readonly #queue: string;
  readonly #pollMs: number;

  private constructor(store: PostgresStore, client: DBOSClient, options: RunQueueOptions) {
    this.store = store;
    this.#client = client;
    this.#queue = options.queue ?? RUNS_QUEUE;
    this.#pollMs = options.followPollMs ?? 250;
  }

  /** Opens the queue on a Postgres database (a `postgres://` URL). */
  static async open(url: string, options: RunQueueOptions = {}): Promise<RunQueue> {
    // DBOS first: without it, the error names the install command (migrate-system-database imports its internals).
    const { DBOSClient } = await loadDbos('a run queue (reins run --queue)');
    const { migrateSystemDatabase } = await import('./migrate-system-database.ts');
    await migrateSystemDatabase(url);
    const client = await DBOSClient.create({ systemDatabaseUrl: url, applicationName: REINS_APPLICATION });
    return new RunQueue(new PostgresStore({ url }), client, options);
  }

  /** Creates the run and enqueues it; returns its id. */
  async enqueue(request: QueuedRunRequest): Promise<string> {
    const meta = request.meta ?? {};
    const runId = await this.store.createRun({ ...meta, question: request.question, config: { ...meta.config, [AGENT_KEY]: request.agent } });
    await this.#client.enqueue(
      { queueName: this.#queue, workflowName: DURABLE_RUN_WORKFLOW, workflowID: runId, appVersion: DURABLE_RUNS_VERSION },
      runId,
    );
    return runId;
  }

  /**
   * The run's records, from `afterSeq` on, as they are stored, until the run ends (answered, failed,
   * cancelled) or its workflow ends without ending it (e.g. the agent factory threw).
   */
  async *follow(runId: string, options: { afterSeq?: number; signal?: AbortSignal } = {}): AsyncGenerator<RunRecord> {
    let seen = options.afterSeq ?? 0;
    for (;;) {
      options.signal?.throwIfAborted();
      let workflowEnded: boolean;
      let run: StoredRun;
      try {
        workflowEnded = await this.#workflowEnded(runId);
        run = await this.store.loadRun(runId);
      } catch (error) {
        // A follower outlives an outage of Postgres: it reads again once the database is back.
        if (!isConnectionLoss(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, this.#pollMs));
        continue;
      }
      for (const record of run.records) if (record.seq > seen) yield record;
      seen = Math.max(seen, run.records.at(-1)?.seq ?? 0);
      if (FINAL_STATUSES.includes(run.summary.status) || workflowEnded) return;
      await new Promise((resolve) => setTimeout(resolve, this.#pollMs));
    }
  }

  /** The run's outcome once its workflow ends; throws what the workflow threw. */
  async result(runId: string): Promise<DurableRunOutcome> {
    return this.#client.retrieveWorkflow<DurableRunOutcome>(runId).getResult();
  }

  async #workflowEnded(runId: string): Promise<boolean> {
    const status = await this.#client.getWorkflow(runId);
    return status !== undefined && !['PENDING', 'ENQUEUED', 'DELAYED'].includes(status.status);
  }

  async close(): Promise<void> {
    await this.#client.destroy();
    await this.store.close();
  }
}
