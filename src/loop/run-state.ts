/**
 * One run's state, in three parts a reader can hold apart: the context it was set up with (never
 * changes), the transcript (the history the model reads and the tools offered this turn) and the
 * counters (steps, tokens, the repeat streak).
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { AgentEvent } from '../spec/events.ts';
import type { Model, ModelMessage, Usage } from '../spec/model.ts';
import type { UserChannel } from '../spec/user-channel.ts';
import type { Codec } from '../protocols/codec.ts';
import type { Toolbox } from '../tools/toolbox.ts';
import type { TurnRunner } from '../protocols/turn-runner.ts';
import type { Policies } from './policies.ts';
import type { ToolScope } from './run-observer.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before the run id and step are stamped on. */
export type EventBody = DistributiveOmit<AgentEvent, 'runId' | 'step'>;

/** What the run was set up with: read-only for its whole life. */
export interface RunContext {
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
  /** Stamps the run id and the current step on an event and delivers it (through the recorder, when there is a store). */
  readonly emit: (event: EventBody) => void;
  /** Where tool calls run: inside the observers' scopes (`RunObserver.aroundToolCall`); undefined: directly. */
  readonly toolScope: ToolScope | undefined;
}

/** The conversation so far. */
export interface RunTranscript {
  /** The history the model reads next (shaped by the codec's history strategy). */
  messages: ModelMessage[];
  /** The tools offered this turn (re-read from the Toolbox each turn). */
  tools: ToolSpec[];
  /** The codec's runner of this run's turns, when its protocol runs its own (`Codec.runner`). */
  readonly turnRunner: TurnRunner | undefined;
}

/** What the run counts. */
export interface RunCounters {
  step: number;
  usage: Usage;
  /** Tokens per step: entry `i` holds step `i + 1` (its retries and any best-effort last turn included). */
  stepUsage: Usage[];
  /** True once some usage was estimated (a stream stopped or cut before the provider reported it). */
  usageEstimated: boolean;
  /** The current streak of identical calls, for loop detection. */
  repeat: { key: string; count: number };
}

export interface RunState {
  readonly context: RunContext;
  readonly transcript: RunTranscript;
  readonly counters: RunCounters;
}

/** What follows a turn: the model thinks again, or the run ends with an answer. */
export type Phase = { name: 'THINKING' } | { name: 'END'; answer: string; confidence?: number; delivered?: boolean };
