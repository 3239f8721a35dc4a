/**
 * The mutable state of one run and the phases of its state machine
 * (START -> THINKING -> (TOOL_RUN | WAIT_USER) -> THINKING ... -> END).
 */
import type { Decision, Thought, ToolSpec } from '../decision.ts';
import type { Model, ModelMessage, ModelToolCall, Usage } from '../models/model.ts';
import type { ActionNotes, Codec } from '../protocols/codec.ts';
import type { RunVariables } from './actions/run-variables.ts';
import type { ActionHandlers } from './agent-options.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { AgentEvent } from './events.ts';
import type { Policies } from './policies.ts';
import type { UserChannel } from './user-channel.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before the run id and step are stamped on. */
export type EventBody = DistributiveOmit<AgentEvent, 'runId' | 'step'>;

/** A model turn whose output was accepted. */
export interface AcceptedTurn {
  text: string;
  toolCalls: ModelToolCall[];
  decisions: Decision[];
  thoughts: Thought[];
  /** Native protocol: the tool call id each decision came from. */
  toolCallIds?: string[];
  /** The turn's status as the model wrote it (envelope), e.g. `ERROR_INTERNAL`. */
  status?: string;
  /** Per-action notes aligned with `decisions` (envelope: type, confidence, content source...). */
  actions?: ActionNotes[];
  /** Envelope: a non-empty `final_response` beside actions (the reason of ERROR_INTERNAL after cleanup). */
  finalResponse?: string;
}

/** What answers one decision of a turn in the history. */
export interface DecisionReply {
  content: string;
  isError?: boolean;
  /** An output action (`send_response`): what reached the user, for the turn's stacked answer. */
  output?: { text: string; confidence?: number };
}

export type Phase =
  | { name: 'THINKING' }
  | {
      name: 'TOOL_RUN' | 'WAIT_USER' | 'OUTPUT';
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
  | { name: 'END'; answer: string; confidence?: number; delivered?: boolean };

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
  /** The values `$(...)` names: the caller's state and the results so far. */
  readonly variables: RunVariables;
  /** The caller's handlers for envelope `script` / `http_request` / `internal_function` actions. */
  readonly handlers: ActionHandlers;
  /** Folders a `send_response` `file_path` may read from. */
  readonly fileRoots: readonly string[];
  /** The current streak of identical calls, for loop detection. */
  repeat: { key: string; count: number };
  emit(event: EventBody): void;
}
