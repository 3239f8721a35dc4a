/**
 * The mutable state of one run and the phases of its state machine
 * (START -> THINKING -> (TOOL_RUN | WAIT_USER) -> THINKING ... -> END).
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import type { Model, ModelMessage, Usage } from '../spec/model.ts';
import type { Codec } from '../protocols/codec.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { AgentEvent } from '../spec/events.ts';
import type { Policies } from './policies.ts';
import type { UserChannel } from '../spec/user-channel.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before the run id and step are stamped on. */
export type EventBody = DistributiveOmit<AgentEvent, 'runId' | 'step'>;

export type Phase =
  | { name: 'THINKING' }
  | {
      name: 'TOOL_RUN' | 'WAIT_USER';
      turn: AcceptedTurn;
      index: number;
      replies: DecisionReply[];
      /**
       * Set by `resume`: this call or question was already announced (and stored) before the run
       * stopped while it waited for the human (approval or reply); it is put to the human again
       * without announcing it twice.
       */
      resumed?: boolean;
    }
  | { name: 'END'; answer: string; confidence?: number };

export interface RunState {
  readonly runId: string;
  readonly question: string;
  readonly model: Model;
  readonly codec: Codec;
  readonly toolbox: Toolbox;
  readonly user: UserChannel | undefined;
  readonly policies: Policies;
  /** Aborted on cancellation or when the time budget runs out. */
  readonly signal: AbortSignal;
  readonly system: string | undefined;
  readonly startedAt: number;
  /** The tools offered this turn (re-read from the Toolbox each turn). */
  tools: ToolSpec[];
  messages: ModelMessage[];
  step: number;
  usage: Usage;
  /** Tokens per step: entry `i` holds step `i + 1` (its retries and any best-effort last turn included). */
  stepUsage: Usage[];
  /** True once some usage was estimated (a stream stopped or cut before the provider reported it). */
  usageEstimated: boolean;
  /** The current streak of identical calls, for loop detection. */
  repeat: { key: string; count: number };
  emit(event: EventBody): void;
}
