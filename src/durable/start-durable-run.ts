/**
 * Starts a durable run in this process: the run is created in the store (status `running`), then
 * its workflow is started with the run id as workflow id. DBOS must be launched here
 * (`launchDurableRuns`). Queued runs, taken by any worker, are started with a queue instead.
 */
import { DBOS } from './dbos-sdk.ts';
import type { RunMeta } from '../sessions/run-records/run-record.ts';
import { durableRunWorkflow, type DurableRunOutcome } from './durable-run-workflow.ts';
import { durableRuntime } from './durable-runtime.ts';

export interface StartDurableRunOptions {
  /** Stored with the run (model string, protocol, config): the agent factory reads it. @default {} */
  meta?: Omit<RunMeta, 'question'>;
}

export interface DurableRunHandle {
  runId: string;
  /** The run's outcome once the workflow ends (it may wait for the human for days). */
  result(): Promise<DurableRunOutcome>;
}

export async function startDurableRun(question: string, options: StartDurableRunOptions = {}): Promise<DurableRunHandle> {
  const runId = await durableRuntime().store.createRun({ ...options.meta, question });
  const handle = await DBOS.startWorkflow(durableRunWorkflow, { workflowID: runId })(runId);
  return { runId, result: () => handle.getResult() };
}
