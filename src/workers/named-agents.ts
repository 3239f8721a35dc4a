/**
 * Runs submitted to a queue name the agent that runs them, and every worker registers its agents by
 * name: the run's meta carries the name (`config.agent`), so any worker can rebuild the agent from
 * the run alone. A run naming an agent this worker does not have fails with a ConfigError.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { DurableAgentFactory } from '../durable/durable-runtime.ts';
import type { RunMeta } from '../sessions/run-records/run-record.ts';

/** Agents by name: each builds one run's agent options from the run (its id and stored meta). */
export type NamedAgents = Readonly<Record<string, DurableAgentFactory>>;

/** The key of `RunMeta.config` that names a queued run's agent. */
export const AGENT_KEY = 'agent';

/** The agent a run names, if any. */
export function agentNameOf(meta: RunMeta): string | undefined {
  const name = meta.config?.[AGENT_KEY];
  return typeof name === 'string' ? name : undefined;
}

/** One factory for the durable runtime that hands each run to the agent it names. */
export function dispatchAgents(agents: NamedAgents): DurableAgentFactory {
  return (run) => {
    const name = agentNameOf(run.meta);
    const factory = name === undefined ? undefined : Object.hasOwn(agents, name) ? agents[name] : undefined;
    if (!factory) {
      throw new ConfigError(`Run ${run.runId} needs agent ${JSON.stringify(name ?? '(none)')}, which this worker does not have.`, {
        hint: `Agents here: ${Object.keys(agents).join(', ') || '(none)'}. Start workers with the same agents as the code that enqueues runs.`,
      });
    }
    return factory(run);
  };
}
