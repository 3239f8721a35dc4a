/**
 * A worker's place among the others: its row in `reins_workers`, a heartbeat every `heartbeatMs`,
 * and after each beat a recovery pass (`recover-dead-workers.ts`) that hands the runs of dead
 * workers back to the queue. A beat that finds this worker's own row released or gone means another
 * worker has taken its runs (it was seen dead: frozen, or cut off from Postgres for longer than
 * `deadAfterMs`): `onFenced` is called once and beats stop. A failing beat or pass (Postgres away) is
 * retried at the next tick, and the pass forgets what it had seen (see `DeadWorkerWatch`).
 */
import type { Pool } from 'pg';
import { DeadWorkerWatch } from './dead-worker-watch.ts';
import { recoverDeadWorkers, type RecoverExecutor, type RecoveryPass } from './recover-dead-workers.ts';
import { beat, ensureWorkersTable, registerWorker, releaseWorker } from './worker-heartbeats.ts';

export interface MembershipOptions {
  pool: Pool;
  executorId: string;
  appVersion: string;
  heartbeatMs: number;
  deadAfterMs: number;
  recoverExecutor: RecoverExecutor;
  /** This worker's runs were taken by another worker. */
  onFenced: () => void;
  /** After each pass that recovered something. */
  onRecovered?: (pass: RecoveryPass) => void;
  /** A beat or pass failed (Postgres unreachable); retried at the next tick. */
  onError?: (error: unknown) => void;
}

export class WorkerMembership {
  readonly #options: MembershipOptions;
  readonly #watch: DeadWorkerWatch;
  #timer: NodeJS.Timeout | undefined;
  #tick: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(options: MembershipOptions) {
    this.#options = options;
    this.#watch = new DeadWorkerWatch(options.deadAfterMs);
  }

  /** Adds this worker's row and starts beating. */
  async join(host: string, pid: number): Promise<void> {
    const { pool, executorId, appVersion } = this.#options;
    await ensureWorkersTable(pool);
    await registerWorker(pool, { executorId, host, pid, appVersion });
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#tick = this.#once().finally(() => this.#schedule());
    }, this.#options.heartbeatMs);
    this.#timer.unref();
  }

  async #once(): Promise<void> {
    const options = this.#options;
    try {
      if (!(await beat(options.pool, options.executorId))) {
        this.#stopped = true;
        options.onFenced();
        return;
      }
      const pass = await recoverDeadWorkers(options.pool, this.#watch, options, options.recoverExecutor);
      if (pass.recovered.length > 0) options.onRecovered?.(pass);
    } catch (error) {
      this.#watch.forget();
      options.onError?.(error);
    }
  }

  /** Stops beating. With `release`, marks the row released so the others take its unfinished runs now. */
  async leave(options: { release: boolean }): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#tick;
    if (options.release) await releaseWorker(this.#options.pool, this.#options.executorId);
  }
}
