/**
 * `createAgent`: the public entry of the loop. Resolves the options once; each `run` (or `resume`
 * of a stored run) gets its own state, event stream and signal, and its cleanup runs in `finally`.
 */
import type { ProtocolName } from '../protocols/codec.ts';
import type { AgentOptions, ResumeOptions, RunOptions } from './agent-options.ts';
import type { AgentParts } from './drive-run.ts';
import { launchRun } from './launch-run.ts';
import { resolvePolicies } from './policies.ts';
import { resolveCodec } from '../protocols/get-codec.ts';
import type { AgentRun } from './run-result.ts';
import { toToolbox } from './to-toolbox.ts';
import { toUserChannel } from '../spec/user-channel.ts';

/** An agent made by `createAgent`: start runs with `run`, continue stored ones with `resume`. */
export interface Agent {
  /** The protocol the agent speaks (after resolving `auto`). */
  readonly protocol: ProtocolName;
  /** Starts a run at once. Iterate the handle for events; await `result` for the outcome (it never rejects). */
  run(question: string, options?: RunOptions): AgentRun;
  /**
   * Continues a stored run (interrupted by Ctrl-C, a crash, `kill -9`, or left waiting for the
   * human) from its last committed step: nothing done is repeated, tool calls that were in flight
   * are reported to the model as interrupted (not run again), a question or approval that was
   * waiting is put to the human again. Events append to the same run (the first is `run-resume`).
   * The agent must speak the run's protocol and offer its tools. Needs a store (option or agent's).
   * @example const run = agent.resume(runId, { store }); const { status } = await run.result;
   */
  resume(runId: string, options?: ResumeOptions): AgentRun;
}

/**
 * @example
 * const agent = createAgent({ model, tools: [add], protocol: 'json' });
 * const run = agent.run('What is 2 + 3?');
 * for await (const event of run) console.log(event.type);
 * const { status, answer } = await run.result;
 */
export function createAgent(options: AgentOptions): Agent {
  const codec = resolveCodec(options.protocol ?? 'auto', options.model);
  const parts: AgentParts = {
    model: options.model,
    codec,
    toolbox: toToolbox(options.tools),
    user: options.user === undefined ? undefined : toUserChannel(options.user),
    policies: resolvePolicies({ ...options, maxActionsPerTurn: options.maxActionsPerTurn ?? codec.defaultMaxActions }, codec.name),
    system: options.system,
    observers: options.observers ?? [],
  };
  return {
    protocol: parts.codec.name,
    // No default `{}` for the options: an object per run for two reads that `?.` does as well.
    run: (question, runOptions) => launchRun(parts, { kind: 'new', question, meta: runOptions?.meta }, options.store, runOptions?.signal),
    resume: (runId, resumeOptions) =>
      launchRun(parts, { kind: 'resume', runId }, resumeOptions?.store ?? options.store, resumeOptions?.signal),
  };
}
