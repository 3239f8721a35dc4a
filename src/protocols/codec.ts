/**
 * The Codec spec: one wire protocol between reins and the model (DESIGN §4).
 * A codec renders instructions and observations, parses model output into decisions, and renders
 * corrections. `parse` never throws. No runtime dependencies beyond the decision types.
 */
import type { CompletionCheck } from './completion-check.ts';
import type { HistoryStrategy } from './history-strategy.ts';
import type { ThoughtStream } from './thought-stream.ts';
import type { Decision, Thought, ToolSpec } from '../spec/decision.ts';
import type { InvalidDecisionError } from '../errors/invalid-decision-error.ts';
import type { ModelToolCall } from '../spec/model.ts';
import type { ToolResult } from '../tools/toolbox.ts';

export type { ProtocolName } from './protocol-names.ts';
import type { ProtocolName } from './protocol-names.ts';

export interface ParseOptions {
  /** The tools the model may call; names and args are validated against them. */
  tools: readonly ToolSpec[];
  /** Native tool calls returned with the text (the `native` protocol; others may accept them as drift). */
  toolCalls?: readonly ModelToolCall[];
  /** Maximum actions accepted in one turn. @default 1 */
  maxActions?: number;
}

/**
 * What a protocol says about one action beyond the decision itself (seed 003: `type`, `confidence`,
 * `warnings`). Protocol-neutral: a field is present only when the model wrote it.
 */
export interface ActionNotes {
  /** The action's category, e.g. `tool`, `workflow_control`, `output`. */
  type?: string;
  /** The model's confidence in this action, 0..1. */
  confidence?: number;
  /** The model's warnings about this action. */
  warnings?: string[];
}

export type ParseResult =
  | {
      success: true;
      /** The first decision of the turn. */
      decision: Decision;
      /** Every action of the turn, in order (the envelope may carry several). */
      decisions: Decision[];
      /** Typed thoughts, where the protocol carries them (free text before a call becomes a PLAN thought... or is dropped; each codec documents it). */
      thoughts: Thought[];
      /** True when the text needed repair (JSON damage, drifted dialect, stripped noise) before it validated. */
      repaired: boolean;
      /** The dialect actually read, e.g. `json`, `hermes`, `mistral`, `llama3`, `xml`. */
      dialect: string;
      /** For the native protocol: the id of the tool call each decision came from. */
      toolCallIds?: string[];
      /** Per-action notes, aligned with `decisions` (envelope; `{}` for a decision taken from `final_response`). */
      actions?: ActionNotes[];
      /** The turn's status as the model wrote it (envelope: SUCCESS_FINAL, REQUIRES_ACTION, REQUIRES_CLARIFICATION, ERROR_INTERNAL). */
      status?: string;
      /**
       * Set when the model reports, in the protocol's own terms, that it failed (envelope
       * `ERROR_INTERNAL`): the output is valid, the turn's actions run, then the run fails with
       * `ModelReportedError` carrying `status` and the answer's text. Absent otherwise.
       */
      reportsFailure?: { status: string };
    }
  | {
      success: false;
      error: InvalidDecisionError;
      /** The raw text given to parse. */
      raw: string;
    };

/** What `render` turns into model output: the inverse of `parse`. */
export interface RenderInput {
  decisions: Decision[];
  thoughts?: Thought[];
  /** The tools, for protocols that render by schema (line: positional params in property order). */
  tools?: readonly ToolSpec[];
  /** Per-action notes aligned with `decisions`, for protocols that carry them (envelope). */
  actions?: readonly ActionNotes[];
  /** The turn's status, for protocols that carry one (envelope). @default derived from the decisions */
  status?: string;
}

export interface Codec {
  readonly name: ProtocolName;
  /**
   * True when decisions travel as native tool calls (the model request carries `tools`). Descriptive:
   * the loop reads the capabilities below (`history`, `requestTools`, `answerOnly`), never this flag.
   */
  readonly native: boolean;
  /** How the conversation is kept: what the assistant message holds and what answers it (see `history-strategy.ts`). */
  readonly history: HistoryStrategy;
  /** System prompt text: the protocol's rules and the tool list. */
  instructions(tools: readonly ToolSpec[]): string;
  /**
   * Tools to send natively with the request (native protocol only: user tools + ask_user + answer_user).
   * When present, every request carries them with a tool choice; absent, tools live in `instructions`.
   */
  requestTools?(tools: readonly ToolSpec[]): ToolSpec[];
  /**
   * A new reader of one streamed turn's typed thoughts, for protocols that carry them (envelope,
   * xml): fed each text delta, it returns the thoughts each delta completed, so they are shown as
   * they come. Absent: thoughts arrive with the decision.
   */
  thoughtStream?(): ThoughtStream;
  /** How the model must reply when it may only answer (the best-effort last turn, tools forbidden). */
  answerOnly(): string;
  /** Parses one model turn. Never throws. */
  parse(text: string, options: ParseOptions): ParseResult;
  /**
   * A new incremental check for one streamed turn, fed each text delta: true when the delta may
   * have completed a decision, so the loop can try `parse` and stop the stream early. Never true for
   * decisions only the end of stream completes. Linear in the turn's length (see `completion-check.ts`).
   */
  completionCheck(): CompletionCheck;
  /** Renders decisions the way a model following this protocol would write them. */
  render(input: RenderInput): string;
  /**
   * Renders a tool result as the next message; tool output can never be read as a decision.
   * `call` names the tool the result came from; without it the observation names no tool.
   */
  observation(result: ToolResult, call?: { tool: string }): string;
  /** Renders a short, sanitized correction after invalid output, with the expected shape once. */
  correction(error: InvalidDecisionError, tools: readonly ToolSpec[]): string;
}
