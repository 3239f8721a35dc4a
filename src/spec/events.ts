/**
 * The loop's typed events (DESIGN §5): noun-verb, one vocabulary. Every event carries the run id
 * and the step number (a step = one model turn and what it leads to).
 */
import type { Decision, Thought, ToolSpec } from './decision.ts';
import type { ModelCallError } from '../errors/model-call-error.ts';
import type { ReinsError } from '../errors/reins-error.ts';
import type { FinishReason, ModelMessage, ModelToolCall, Usage } from './model.ts';
import type { ActionNotes, ProtocolName } from '../protocols/codec.ts';
import type { HandlerType } from '../protocols/envelope-schema.ts';
import type { ToolNotice } from '../tools/tool-notice.ts';
import type { ToolProgress, ToolResult } from '../tools/toolbox.ts';

/** How a run ended: with an answer, with a typed error, or cancelled by its signal. */
export type RunStatus = 'answered' | 'failed' | 'cancelled';

interface EventBase {
  runId: string;
  step: number;
}

/** One event of a run (`for await (const event of run)`), discriminated by `type` (DESIGN §5). */
export type AgentEvent = EventBase &
  (
    | {
        type: 'run-start';
        question: string;
        protocol: ProtocolName;
        tools: ToolSpec[];
        /** Tools renamed (reserved or colliding names) or withheld (unusable schema) by the toolbox; absent when none. */
        toolNotices?: ToolNotice[];
      }
    | {
        /** A stored run continues (`agent.resume`); the events that follow append to it. */
        type: 'run-resume';
        /** Tool calls that were in flight when the run stopped: reported to the model as interrupted, not re-run. */
        interruptedCalls: { callId: string; tool: string; args: Record<string, unknown>; step: number }[];
        /** The `ask_user` question that was waiting for the human, asked again now. */
        pendingQuestion?: { question: string; why: string };
      }
    | { type: 'model-request'; attempt: number; system: string; messages: ModelMessage[] }
    | { type: 'decision-delta'; text: string; thought?: Thought }
    | {
        /**
         * The streamed turn failed in transport (e.g. the connection was cut) before a decision was
         * accepted: the text (and thoughts) streamed since the last `model-request` or `model-retry`
         * are discarded, and the same request is streamed again after `delayMs`.
         */
        type: 'model-retry';
        /** 1 for the first retry of this request. */
        attempt: number;
        error: ModelCallError;
        delayMs: number;
      }
    | {
        type: 'model-response';
        text: string;
        toolCalls: ModelToolCall[];
        usage: Usage;
        modelId: string;
        /** Why the model stopped, when it said (a stream reins stopped early has none). */
        finishReason?: FinishReason;
        /** The provider's id of the response, when it gave one. */
        responseId?: string;
      }
    | {
        type: 'decision';
        decision: Decision;
        decisions: Decision[];
        thoughts: Thought[];
        repaired: boolean;
        dialect: string;
        /** Tokens of this step's model calls, retries included. */
        usage?: Usage;
        /** Per-action notes aligned with `decisions` (type, confidence, warnings), where the protocol carries them (envelope). */
        actions?: ActionNotes[];
        /** The turn's status as the model wrote it (envelope), e.g. `ERROR_INTERNAL`. */
        status?: string;
        /** Envelope: a non-empty `final_response` beside actions. */
        finalResponse?: string;
        /** The model reported that it failed (envelope ERROR_INTERNAL): the run fails after the turn's actions. */
        reportsFailure?: { status: string };
        /** The turn's outputs, stacked, are the answer (envelope SUCCESS_FINAL). */
        finalTurn?: true;
      }
    | { type: 'output-invalid'; reason: string; kind: string; attempt: number; rawText: string; correction: string }
    | {
        type: 'tool-call';
        callId: string;
        tool: string;
        args: Record<string, unknown>;
        /** Envelope: the caller's handler type that runs this action (`script`, `http_request`, `internal_function`); absent for a toolbox tool. */
        handler?: HandlerType;
      }
    | {
        /**
         * Content delivered to the user as it comes (envelope `send_response`), variables resolved;
         * the turn goes on. The answer of a SUCCESS_FINAL turn is its outputs, stacked.
         */
        type: 'output';
        text: string;
        /** The action's index in its turn (0-based). */
        index: number;
        /** Where the content came from. */
        source: 'text' | 'file_path' | 'variable';
        confidence?: number;
      }
    | { type: 'tool-progress'; callId: string; tool: string; progress: ToolProgress }
    | { type: 'tool-result'; callId: string; tool: string; result: ToolResult; observation: string; durationMs: number }
    | { type: 'tool-error'; callId: string; tool: string; error: ReinsError; observation: string }
    | { type: 'approval-request'; tool: string; args: Record<string, unknown>; reason: string }
    | { type: 'approval-reply'; tool: string; approved: boolean }
    | {
        type: 'user-question';
        question: string;
        why: string;
        /** Envelope `required_info`: what information is needed. */
        requiredInfo?: string[];
        /** Envelope `context`: context for the question. */
        context?: string;
      }
    | { type: 'user-reply'; reply: string }
    | {
        type: 'answer';
        answer: string;
        confidence?: number;
        bestEffort?: boolean;
        /** The answer is the turn's `output` events, stacked: it was already delivered to the user. */
        delivered?: boolean;
      }
    | { type: 'run-end'; status: RunStatus; usage: Usage; error?: ReinsError }
  );

/** The `type` of every AgentEvent. */
export type AgentEventType = AgentEvent['type'];
/** The event of one type, e.g. `EventOf<'tool-call'>`. */
export type EventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;
