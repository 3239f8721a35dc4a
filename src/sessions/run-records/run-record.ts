/**
 * What a session store keeps: one run (its metadata and status) and its ordered records.
 * Most records are the loop's own events (src/spec/events.ts) minus `runId`, with a per-run `seq`
 * and a timestamp. Two events are renamed so an interrupted run can be read: a tool call is
 * `tool-call-start` when it begins and `tool-call-end` when it produced a result or an error; a start
 * without an end is a call that was in flight when the process stopped. Streaming deltas and tool
 * progress are not stored.
 */
import type { AgentEventType, EventOf, RunStatus } from '../../spec/events.ts';
import type { Usage } from '../../spec/model.ts';
import type { ProtocolName } from '../../protocols/codec.ts';
import type { HandlerType } from '../../protocols/envelope-schema.ts';
import type { ToolResult } from '../../tools/toolbox.ts';
import type { RunOwner } from '../../spec/run-owner.ts';

/**
 * A run's status in the store. `running` while the loop drives it (or when the process died:
 * such a run can be resumed), `waiting-user` while a question waits for the human, then one of the
 * loop's final statuses.
 */
export type SessionStatus = 'running' | 'waiting-user' | RunStatus;

/** What `createRun` is given. Everything is redacted before it is written. */
export interface RunMeta {
  question: string;
  /** Model string or id, e.g. `openai:gpt-4o-mini`, `replay:meal-planner.line.json`. */
  model?: string;
  protocol?: ProtocolName | 'auto';
  /** The configuration the run started with (agent options, MCP servers), stored redacted. */
  config?: Record<string, unknown>;
  /** The run this one continues, when it was started by `resume` as a new run. */
  resumedFrom?: string;
}

/** One line of `listRuns`. */
export interface RunSummary {
  id: string;
  question: string;
  model?: string;
  protocol?: string;
  status: SessionStatus;
  /** ISO 8601. */
  createdAt: string;
  /** ISO 8601, the time of the last record or status change. */
  updatedAt: string;
  /** How many records the run holds. */
  recordCount: number;
  /** The process continuing the run, while one does (released when the run ends). */
  owner?: RunOwner;
}

/** An error as stored: the fields of a `ReinsError` that survive JSON. */
export interface StoredError {
  name: string;
  message: string;
  fault?: string;
  [field: string]: unknown;
}

/** Events kept as they are (minus `runId`; errors become `StoredError`). */
type KeptEventType = Exclude<
  AgentEventType,
  'decision-delta' | 'tool-progress' | 'tool-call' | 'tool-result' | 'tool-error' | 'run-end' | 'model-retry'
>;
type KeptEvent = { [T in KeptEventType]: Omit<EventOf<T>, 'runId'> }[KeptEventType];

/** The body of a record, before the store numbers it. */
export type RecordInput =
  | KeptEvent
  | { type: 'config'; step: number; config: Record<string, unknown> }
  /**
   * Nobody could answer an `ask_user` (no UserChannel, e.g. `reins run --no-input`): `reply` is what
   * the model was told instead. Stored by the loop's recorder so the transcript shows it.
   */
  | { type: 'user-reply'; step: number; reply: string; automatic: true }
  | {
      type: 'tool-call-start';
      step: number;
      callId: string;
      tool: string;
      args: Record<string, unknown>;
      /** Envelope: the caller's handler type that ran the action; absent for a toolbox tool. */
      handler?: HandlerType;
    }
  | {
      type: 'tool-call-end';
      step: number;
      callId: string;
      tool: string;
      /** `result`: the tool produced a result (possibly `isError`); `error`: it could not run. */
      outcome: 'result' | 'error';
      result?: ToolResult;
      error?: StoredError;
      /** The observation the model was shown. */
      observation: string;
      durationMs?: number;
    }
  | { type: 'run-end'; step: number; status: RunStatus; usage: Usage; error?: StoredError }
  /** A model call failed mid-stream and the turn is asked again after `delayMs`. */
  | { type: 'model-retry'; step: number; attempt: number; delayMs: number; error: StoredError }
  | {
      type: 'run-resume';
      step: number;
      /** Tool calls found in flight, reported to the model as interrupted instead of re-run. */
      interruptedCalls: InterruptedCall[];
    };

export type RunRecordType = RecordInput['type'];

/** A stored record: its body plus the run id, the per-run sequence number (1, 2, ...) and when it was written. */
export type RunRecord = RecordInput & { runId: string; seq: number; at: string };

/** A tool call that started and never ended (the process stopped while it ran). */
export interface InterruptedCall {
  callId: string;
  tool: string;
  args: Record<string, unknown>;
  step: number;
}

/** A run as `loadRun` returns it. */
export interface StoredRun {
  summary: RunSummary;
  meta: RunMeta;
  /** In `seq` order. */
  records: RunRecord[];
}

