import type { ReinsError } from '../errors/reins-error.ts';
import type { ModelMessage, Usage } from '../spec/model.ts';
import type { AgentEvent, RunStatus } from '../spec/events.ts';

/** How a run ended (DESIGN §3). */
export interface RunResult {
  runId: string;
  status: RunStatus;
  /** The answer; with `bestEffort: true` on a failed run, the best-effort answer of the last turn. */
  answer?: string;
  confidence?: number;
  /** True when `answer` came from the best-effort last turn after a limit (status stays `failed`). */
  bestEffort?: boolean;
  /** Why the run failed or was cancelled. */
  error?: ReinsError;
  /** Steps taken: a step is one model turn (with its retries) and the actions it led to. */
  steps: number;
  /** Tokens summed over every model call of the run. */
  usage: Usage;
  /**
   * Tokens per step: entry `i` is step `i + 1`, its invalid-output and transport retries included
   * (a best-effort last turn counts in the last step). The entries add up to `usage`. For a resumed
   * run the steps before the resume come from the store.
   */
  stepUsage: Usage[];
  /**
   * True when part of `usage` is an estimate (about 4 characters a token) rather than what the
   * provider reported: a stream was stopped early at a complete decision (see `AgentOptions.stream`),
   * or a stream cut in transport was retried. False for resumed runs' earlier steps, whose estimation is not stored.
   */
  usageEstimated: boolean;
  /** The conversation as the model saw it. */
  transcript: ModelMessage[];
}

/**
 * The handle `agent.run()` returns: iterate it for events, await `result` for the outcome. Start
 * iterating in the same tick as `agent.run()` (before any other `await`): events are kept only for
 * a consumer, and a run nobody iterates by the next event-loop turn keeps none.
 */
export interface AgentRun extends AsyncIterable<AgentEvent> {
  readonly runId: string;
  readonly result: Promise<RunResult>;
}
