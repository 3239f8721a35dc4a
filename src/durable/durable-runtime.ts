/**
 * What a process that runs durable workflows holds: the store the runs are kept in and the factory
 * that builds each run's agent. Set once by `launchDurableRuns` (or `configureDurableRuns`), before
 * DBOS launches, because DBOS may recover a run as soon as it starts.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { TracedAgentOptions } from '../agent.ts';
import type { RunMeta } from '../sessions/run-records/run-record.ts';
import type { Store } from '../sessions/store.ts';

/** The run an agent is built for: its id and the meta it was created with (question, model, config). */
export interface DurableRunInfo {
  runId: string;
  meta: RunMeta;
}

/**
 * Builds the agent options of one run, in whichever process runs (or recovers) it. `model`,
 * `tools`, `protocol`, limits and the approval policy come from here; `user` and `store` are set by
 * the workflow (the human is reached by messages, records go to the runtime's store). Toolboxes it
 * returns belong to the caller (open MCP servers once per process, not once per run). Spans follow
 * `telemetry` as for `createAgent` of `reins`: the global tracer provider by default.
 */
export type DurableAgentFactory = (run: DurableRunInfo) => TracedAgentOptions | Promise<TracedAgentOptions>;

export interface DurableRuntime {
  /** Where runs are kept; a PostgresStore when several processes share the runs. */
  store: Store;
  agent: DurableAgentFactory;
}

let current: DurableRuntime | undefined;

export function configureDurableRuns(runtime: DurableRuntime): void {
  current = runtime;
}

export function durableRuntime(): DurableRuntime {
  if (!current) throw new ConfigError('Durable runs are not configured in this process: call launchDurableRuns({ store, agent, systemDatabaseUrl }) first.');
  return current;
}
