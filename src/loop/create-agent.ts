/**
 * `createAgent`: the public entry of the loop. Resolves the options once; each `run` gets its own
 * state, event stream and signal, and its cleanup runs in `finally`.
 */
import { emptyUsage } from '../models/model.ts';
import type { ProtocolName } from '../protocols/codec.ts';
import type { AgentOptions, RunOptions } from './agent-options.ts';
import { EventStream } from './event-stream.ts';
import type { AgentEvent } from './events.ts';
import { resolvePolicies } from './policies.ts';
import { resolveCodec } from './resolve-codec.ts';
import { runAgent } from './run-agent.ts';
import type { AgentRun } from './run-result.ts';
import { createRunSignal } from './run-signal.ts';
import type { RunState } from './run-state.ts';
import { toToolbox } from './to-toolbox.ts';
import { toUserChannel } from './user-channel.ts';

export interface Agent {
  /** The protocol the agent speaks (after resolving `auto`). */
  readonly protocol: ProtocolName;
  /** Starts a run at once. Iterate the handle for events; await `result` for the outcome (it never rejects). */
  run(question: string, options?: RunOptions): AgentRun;
}

/**
 * @example
 * const agent = createAgent({ model, tools: [add], protocol: 'json' });
 * const run = agent.run('What is 2 + 3?');
 * for await (const event of run) console.log(event.type);
 * const { status, answer } = await run.result;
 */
export function createAgent(options: AgentOptions): Agent {
  const policies = resolvePolicies(options);
  const codec = resolveCodec(options.protocol ?? 'auto', options.model);
  const toolbox = toToolbox(options.tools);
  const user = options.user === undefined ? undefined : toUserChannel(options.user);
  return {
    protocol: codec.name,
    run(question: string, runOptions: RunOptions = {}): AgentRun {
      const runId = crypto.randomUUID();
      const events = new EventStream<AgentEvent>();
      const scope = createRunSignal(runOptions.signal, policies.maxDurationMs);
      const state: RunState = {
        runId,
        question,
        model: options.model,
        codec,
        toolbox,
        user,
        policies,
        signal: scope.signal,
        system: options.system,
        startedAt: performance.now(),
        tools: [],
        messages: [{ role: 'user', content: question }],
        step: 0,
        usage: emptyUsage(),
        repeat: { key: '', count: 0 },
        emit: (body) => events.push({ ...body, runId, step: state.step } as AgentEvent),
      };
      const result = runAgent(state, scope).finally(() => {
        scope.dispose();
        events.close();
      });
      return { runId, result, [Symbol.asyncIterator]: () => events[Symbol.asyncIterator]() };
    },
  };
}
