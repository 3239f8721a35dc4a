/**
 * `reins/workers`: reins runs on a pool of worker processes sharing one Postgres (Node only; loads
 * `@dbos-inc/dbos-sdk` and `pg`). `startWorker` makes this process a worker of named agents;
 * `enqueueRun` / `RunQueue` submit runs from any process and follow them. Workers beat in
 * `reins_workers` and take over the runs of workers that stop beating. See docs/deploy.md.
 */
export { startWorker, type Worker, type WorkerOptions } from './start-worker.ts';
export { enqueueRun, type QueuedRun } from './enqueue-run.ts';
export { RunQueue, type QueuedRunRequest, type RunQueueOptions } from './run-queue.ts';
export { agentNameOf, dispatchAgents, AGENT_KEY, type NamedAgents } from './named-agents.ts';
export type { RecoveryPass } from './recover-dead-workers.ts';
export type { DurableAgentFactory, DurableRunInfo } from '../durable/durable-runtime.ts';
export {
  RUNS_QUEUE,
  REINS_APPLICATION,
  DEFAULT_CONCURRENCY,
  DEFAULT_HEARTBEAT_MS,
  DEFAULT_DEAD_AFTER_MS,
  DEFAULT_POLL_MS,
} from './worker-defaults.ts';
