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
import type { ModelToolCall, OutputConstraint } from '../spec/model.ts';
import type { ToolResult } from '../tools/toolbox.ts';
import type { KnownVariables, RunnerStart, TurnRunner } from './turn-runner.ts';

export type { KnownVariables };

export type { ProtocolName } from './protocol-names.ts';
import type { ProtocolName } from './protocol-names.ts';
import type { ActionNotes, ContentSource } from '../spec/action-notes.ts';

export type { ActionNotes, ContentSource };

export interface ConstraintOptions {
  /** Only tool calls are valid replies (no answer, no question). @default false */
  requireToolCall?: boolean;
}

/** What a codec's `parse` reads a reply against: the tools on offer, native tool calls, the actions allowed per turn. */
export interface ParseOptions {
  /** The tools the model may call; names and args are validated against them. */
  tools: readonly ToolSpec[];
  /** Native tool calls returned with the text (the `native` protocol; others may accept them as drift). */
  toolCalls?: readonly ModelToolCall[];
  /** Maximum actions accepted in one turn. @default the codec's `defaultMaxActions` (8 for the envelope), else 1 */
  maxActions?: number;
  /**
   * Envelope: the action types the caller registered handlers for (`script`, `http_request`,
   * `internal_function`); an action of another type is a correction naming the types on offer.
   * @default the codec's own (`envelope({ handlers })`; none for `protocols.envelope`: only `tool`, `output` and `workflow_control`)
   */
  handlers?: readonly string[];
  /**
   * Envelope: the `$(...)` variables known when the turn starts; a `send_response` naming another is
   * a correction. @default undefined (names are checked only for their form)
   */
  variables?: KnownVariables;
}

/** A parse: the decisions, thoughts and whether repair was needed, or the error the correction is made from. */
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
      /** Envelope: a non-empty `final_response` of a turn that has actions (e.g. the message of ERROR_INTERNAL after cleanup). */
      finalResponse?: string;
      /**
       * Set when the model reports, in the protocol's own terms, that it failed (envelope
       * `ERROR_INTERNAL`): the output is valid, the turn's actions run, then the run fails with
       * `ModelReportedError` carrying `status` and the answer's text (or `finalResponse`, or the outputs). Absent otherwise.
       */
      reportsFailure?: { status: string };
      /**
       * Set when the turn ends the run once its actions ran (envelope `SUCCESS_FINAL`): its outputs,
       * stacked, are the answer. Absent otherwise.
       */
      finalTurn?: true;
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
  /** Envelope: `final_response` of a turn that has actions. @default '' */
  finalResponse?: string;
}

/** What the system prompt offers beyond the tools. */
export interface InstructionOptions {
  /** Envelope: caller-registered handler types (`script`, `http_request`, `internal_function`). @default the codec's own (`envelope({ handlers })`) */
  handlers?: readonly string[];
  /** Envelope: names of `$(state.<name>)` variables. @default the codec's own (`envelope({ state })`) */
  variables?: readonly string[];
}

/** A wire protocol: instructions and tool list for the prompt, parsing a reply into decisions, observations and corrections. */
export interface Codec {
  readonly name: ProtocolName;
  /**
   * True when decisions travel as native tool calls (the model request carries `tools`). Descriptive:
   * the loop reads the capabilities below (`history`, `requestTools`, `answerOnly`), never this flag.
   */
  readonly native: boolean;
  /**
   * Actions one turn may carry when the caller does not say (`maxActionsPerTurn`).
   * @default 1 (one decision per turn; the envelope runs several in order)
   */
  readonly defaultMaxActions?: number;
  /**
   * Every action of a turn sits in one value the completion check sees close (the envelope's JSON
   * object), so a streamed turn may stop at its first valid parse whatever the action limit.
   * @default false (with more than one action allowed, a streamed turn is read to its end)
   */
  readonly oneValuePerTurn?: boolean;
  /** How the conversation is kept: what the assistant message holds and what answers it (see `history-strategy.ts`). */
  readonly history: HistoryStrategy;
  /** System prompt text: the protocol's rules and the tool list. */
  instructions(tools: readonly ToolSpec[], options?: InstructionOptions): string;
  /**
   * Tools to send natively with the request (native protocol only: user tools + ask_user + answer_user).
   * When present, every request carries them with a tool choice; absent, tools live in `instructions`.
   */
  requestTools?(tools: readonly ToolSpec[]): ToolSpec[];
  /**
   * The shape of every valid reply with these tools, for models that constrain sampling by a grammar
   * (`llama:`). The answer (and ask) branches are open unless `requireToolCall` (sampleTools with
   * `toolChoice: 'required'`). Absent for protocols without one (native).
   */
  constraint?(tools: readonly ToolSpec[], options?: ConstraintOptions): OutputConstraint;
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
   * It knows the codec's own markup: the loop takes a decision early only when `parse` read it in the
   * codec's own dialect (`dialect` equal to `name`); any other is read to the end of the stream.
   */
  completionCheck(): CompletionCheck;
  /** Renders decisions the way a model following this protocol would write them. */
  render(input: RenderInput): string;
  /**
   * Renders a tool result as the next message; tool output can never be read as a decision.
   * `call` names the tool the result came from; without it the observation names no tool. `ref` is
   * how the model can name the result later (envelope: `steps.3`), for protocols that show it.
   */
  observation(result: ToolResult, call?: { tool: string; ref?: string }): string;
  /** Renders a short, sanitized correction after invalid output, with the expected shape once. */
  correction(error: InvalidDecisionError): string;
  /**
   * For a protocol that runs its own turns (the envelope: outputs, handlers, variables, how a turn
   * ends): a runner for one run, made when the run starts (see `turn-runner.ts`). The loop hands it
   * each accepted turn. Absent: the loop runs seed 000's routes (toolbox, human, answer).
   */
  runner?(start: RunnerStart): TurnRunner;
}
