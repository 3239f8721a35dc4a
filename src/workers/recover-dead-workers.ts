/**
 * One recovery pass: reads `reins_workers`, and for each worker seen dead (`DeadWorkerWatch`) that
 * runs this worker's application version: fences it (its row is released only if it has not beaten
 * since it was read, so a worker that came back keeps its runs), hands its pending workflows back to
 * their queue, then forgets its row. Handing back is DBOS's own recovery step for an executor
 * (`recoverPendingWorkflows`: one UPDATE of the workflows still PENDING on that executor id to
 * ENQUEUED), the one its commercial conductor calls for other machines; the queue then gives each
 * workflow to exactly one worker (a locked dequeue), so two workers recovering the same dead one at
 * once cannot both run its workflows. Workers of another application version are left to a worker
 * of their version (their workflows could not be replayed by this code).
 */
import type { Pool } from 'pg';
import type { DeadWorkerWatch } from './dead-worker-watch.ts';
import { fenceWorker, forgetWorker, listWorkers } from './worker-heartbeats.ts';

/** What one pass did. */
export interface RecoveryPass {
  /** Executor ids whose runs this pass handed back to the queue (another worker may have done it first). */
  recovered: string[];
  /** Workflow ids handed back. */
  workflows: string[];
}

/** Hands the pending workflows of one dead executor back to their queue; returns their ids. */
export type RecoverExecutor = (executorId: string) => Promise<string[]>;

export async function recoverDeadWorkers(
  pool: Pool,
  watch: DeadWorkerWatch,
  self: { executorId: string; appVersion: string },
  recoverExecutor: RecoverExecutor,
): Promise<RecoveryPass> {
  const pass: RecoveryPass = { recovered: [], workflows: [] };
  let rows;
  try {
    rows = await listWorkers(pool);
  } catch (error) {
    watch.forget();
    throw error;
  }
  for (const dead of watch.observe(rows, self.executorId)) {
    if (dead.appVersion !== self.appVersion) continue;
    if (!dead.released && !(await fenceWorker(pool, dead.executorId, dead.beat))) continue;
    const workflows = await recoverExecutor(dead.executorId);
    await forgetWorker(pool, dead.executorId);
    if (workflows.length === 0) continue;
    pass.workflows.push(...workflows);
    pass.recovered.push(dead.executorId);
  }
  return pass;
}
