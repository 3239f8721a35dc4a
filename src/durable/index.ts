/**
 * `reins/durable`: runs as durable workflows on Postgres with DBOS Transact. A run is a workflow;
 * each model call, tool call and wait for the human is a checkpointed step; a process that dies
 * has its runs recovered; a run waiting for the human is answered from any process. Node only;
 * loads `@dbos-inc/dbos-sdk` (the root entry `reins` never does). See docs/durable-runs.md.
 */
export { launchDurableRuns, shutdownDurableRuns, DURABLE_RUNS_VERSION, type LaunchDurableRunsOptions } from './launch-durable-runs.ts';
export { configureDurableRuns, type DurableAgentFactory, type DurableRunInfo, type DurableRuntime } from './durable-runtime.ts';
export { durableRunWorkflow, DURABLE_RUN_WORKFLOW, type DurableRunOutcome } from './durable-run-workflow.ts';
export { startDurableRun, type DurableRunHandle, type StartDurableRunOptions } from './start-durable-run.ts';
export { replyToRun, waitingFor, type ReplyOptions, type ReplyTarget } from './reply-to-run.ts';
export { WAITING_EVENT, approves, type ReplyMessage, type WaitingFor } from './durable-user.ts';
export { durableModel, MODEL_STEP } from './durable-model.ts';
export { durableToolbox, safeToRunAgain, TOOL_START_STEP, TOOL_STEP_PREFIX } from './durable-toolbox.ts';
export { ToolCallInterruptedError } from '../errors/tool-call-interrupted-error.ts';
export { RunNotWaitingError } from '../errors/run-not-waiting-error.ts';
