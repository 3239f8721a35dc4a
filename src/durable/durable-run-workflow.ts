/**
 * The DBOS workflow that runs one reins run, by its id: `durableRunWorkflow(runId)`. The run must
 * exist in the store (`startDurableRun` creates it, or a queue's producer does); the agent comes
 * from the process's `agent` factory (`launchDurableRuns`), built from the run's stored meta. Every
 * model call, tool call and wait for the human is a step of the workflow (`durable-model.ts`,
 * `durable-toolbox.ts`, `durable-user.ts`), checkpointed before the next begins. A recovered
 * workflow (the process died) replays the run from its start: finished steps return their
 * checkpoints, the records already stored are not written again (`workflow-store.ts`), and the run
 * goes on from the first step that had not finished. The workflow's result is the run's outcome.
 */
import { DBOS } from './dbos-sdk.ts';
import { ConfigError } from '../errors/config-error.ts';
import { InternalError } from '../errors/internal-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { createAgent, type TracedAgentOptions } from '../agent.ts';
import { toToolbox } from '../loop/to-toolbox.ts';
import { storedError } from '../sessions/run-records/record-from-event.ts';
import type { StoredError } from '../sessions/run-records/run-record.ts';
import type { Store } from '../sessions/store.ts';
import { emptyUsage } from '../spec/model.ts';
import { durableModel } from './durable-model.ts';
import { durableRuntime } from './durable-runtime.ts';
import { durableToolbox } from './durable-toolbox.ts';
import { durableUser } from './durable-user.ts';
import { WorkflowStore } from './workflow-store.ts';

/** The workflow's registered name (queues and clients enqueue it by this name). */
export const DURABLE_RUN_WORKFLOW = 'reins.run';

/** What the workflow returns: the run's outcome, JSON-safe. */
export interface DurableRunOutcome {
  runId: string;
  status: 'answered' | 'failed' | 'cancelled';
  answer?: string;
  confidence?: number;
  steps: number;
  error?: StoredError;
}

async function runDurably(runId: string): Promise<DurableRunOutcome> {
  const runtime = durableRuntime();
  const stored = await runtime.store.loadRun(runId);
  let options: TracedAgentOptions;
  try {
    options = await runtime.agent({ runId, meta: stored.meta });
    if (!options?.model) throw new ConfigError(`The agent factory gave no model for run ${runId}.`);
  } catch (error) {
    return failedSetup(runtime.store, runId, error);
  }
  const agent = createAgent({
    ...options,
    model: durableModel(options.model),
    tools: durableToolbox(toToolbox(options.tools)),
    user: durableUser(),
    store: new WorkflowStore(runtime.store, runId, stored.records.length),
  });
  const result = await agent.run(stored.meta.question).result;
  return {
    runId,
    status: result.status,
    steps: result.steps,
    ...(result.answer === undefined ? {} : { answer: result.answer }),
    ...(result.confidence === undefined ? {} : { confidence: result.confidence }),
    ...(result.error ? { error: storedError(result.error) } : {}),
  };
}

/**
 * Runs the stored run `runId` as a workflow. Call it through DBOS (`DBOS.startWorkflow(durableRunWorkflow,
 * { workflowID: runId })(runId)`, a queue, or `startDurableRun`); the workflow id is the run id.
 */
export const durableRunWorkflow = DBOS.registerWorkflow(runDurably, { name: DURABLE_RUN_WORKFLOW });

/** The agent could not be built: the run ends `failed` with the error (stored like any run's end). */
async function failedSetup(store: Store, runId: string, thrown: unknown): Promise<DurableRunOutcome> {
  const error = ReinsError.isInstance(thrown) ? thrown : new InternalError('durable run setup', { cause: thrown, message: `The run could not start: ${thrown instanceof Error ? thrown.message : String(thrown)}` });
  await store.claimRun?.(runId, { force: true });
  await store.appendStep(runId, { type: 'run-end', step: 0, status: 'failed', usage: emptyUsage(), error: storedError(error) });
  await store.markStatus(runId, 'failed');
  return { runId, status: 'failed', steps: 0, error: storedError(error) };
}
