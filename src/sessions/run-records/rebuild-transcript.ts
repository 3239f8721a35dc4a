/**
 * Rebuilds, from a stored run, the conversation a resumed loop continues from. The base is the last
 * `model-request` (exactly what the model was last sent); what happened after it (the reply, a
 * correction, tool results, the user's reply) is appended by the protocol's history strategy
 * (`Codec.history`), the one the loop shapes a live run's history with. Tool calls
 * that started after it and never ended are returned as interrupted: they may or may not have had
 * their effect, so the loop reports them to the model instead of running them again.
 */
import type { RunStatus } from '../../spec/events.ts';
import { addUsage, emptyUsage, type ModelMessage, type ModelToolCall, type Usage } from '../../spec/model.ts';
import type { Codec } from '../../protocols/codec.ts';
import { protocols } from '../../protocols/get-codec.ts';
import type { CallReply, HistoryStrategy } from '../../protocols/history-strategy.ts';
import { offeredToolNames } from '../../protocols/offered-tool-names.ts';
import { textHistory } from '../../protocols/text-history.ts';
import type { InterruptedCall, RunRecord } from './run-record.ts';

export interface RebuildOptions {
  /** The question, when the records hold no `run-start` (e.g. the process died before it). @default '' */
  question?: string;
  /** How the loop words the human's reply to an `ask_user`. @default the reply as is */
  renderUserReply?: (reply: string) => string;
  /** The run's codec, whose history strategy shapes the messages. @default the codec of the protocol in `run-start` (text history when none) */
  codec?: Pick<Codec, 'history' | 'requestTools'>;
}

export interface ResumePoint {
  question: string;
  /** The protocol the run used, from `run-start`. */
  protocol?: string;
  /** The last system prompt sent (the loop rebuilds its own; this is for display and checks). */
  system?: string;
  /** The messages to send on the next model call (before reporting interrupted calls). */
  messages: ModelMessage[];
  /** Tool calls in flight when the run stopped, in the order they started. */
  interruptedCalls: InterruptedCall[];
  /**
   * Native protocol: the calls of the last assistant message that have no tool message yet (the
   * interrupted ones and those never started). The loop must answer each before the next model call.
   */
  unansweredToolCalls: ModelToolCall[];
  /** An `ask_user` question still waiting for its reply. */
  pendingQuestion?: { question: string; why: string };
  /** The highest step number recorded (0 when none). */
  lastStep: number;
  /** Model usage summed over every recorded reply. */
  usage: Usage;
  /** Set when the run already ended (`run-end` recorded). */
  ended?: RunStatus;
}

/** The text a loop can show the model for a call that was interrupted (wrap it with the codec's observation). */
export function interruptedCallMessage(call: InterruptedCall): string {
  return (
    `The call to ${call.tool} was interrupted before it returned (the process stopped). ` +
    'Its result is unknown and it may or may not have taken effect; it was not run again.'
  );
}

type RunStartRecord = Extract<RunRecord, { type: 'run-start' }>;

export function rebuildTranscript(records: readonly RunRecord[], options: RebuildOptions = {}): ResumePoint {
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  const start = ordered.find((record): record is RunStartRecord => record.type === 'run-start');
  const question = start ? start.question : (options.question ?? '');
  const codec = options.codec ?? (start && Object.hasOwn(protocols, start.protocol) ? protocols[start.protocol] : undefined);
  const baseIndex = ordered.findLastIndex((record) => record.type === 'model-request');
  const base = baseIndex >= 0 ? ordered[baseIndex] : undefined;
  const messages: ModelMessage[] =
    base?.type === 'model-request' ? structuredClone(base.messages) : [{ role: 'user', content: question }];
  const replay = new TranscriptReplay(messages, {
    history: codec?.history ?? textHistory,
    offered: codec && start ? offeredToolNames(codec, start.tools) : [],
    renderUserReply: options.renderUserReply ?? ((reply: string) => reply),
  });
  for (const record of ordered.slice(baseIndex + 1)) replay.apply(record);
  replay.flush();

  const end = ordered.findLast((record) => record.type === 'run-end');
  return {
    question,
    ...(start ? { protocol: start.protocol } : {}),
    ...(base?.type === 'model-request' ? { system: base.system } : {}),
    messages,
    interruptedCalls: [...replay.open.values()],
    unansweredToolCalls: replay.turnCalls,
    ...(replay.pendingQuestion ? { pendingQuestion: replay.pendingQuestion } : {}),
    lastStep: ordered.reduce((max, record) => Math.max(max, record.step), 0),
    usage: ordered.reduce((sum, record) => (record.type === 'model-response' ? addUsage(sum, record.usage) : sum), emptyUsage()),
    ...(end?.type === 'run-end' ? { ended: end.status } : {}),
  };
}

/** How the replayed records become messages: the codec's history strategy and the loop's wording. */
interface ReplayRules {
  history: HistoryStrategy;
  offered: string[];
  renderUserReply: (reply: string) => string;
}

/** Plays the records after the base request onto its messages, as the loop shaped them live. */
class TranscriptReplay {
  /** Tool calls started and not ended, by call id. */
  readonly open = new Map<string, InterruptedCall>();
  pendingQuestion: ResumePoint['pendingQuestion'];
  /** The model's tool calls of the turn being answered. */
  turnCalls: ModelToolCall[] = [];
  /** A model reply not yet judged: it enters the history as a turn, or with its correction. */
  #reply: { text: string; toolCalls: ModelToolCall[] } | undefined;
  /** The replies given so far to the turn's calls. */
  #replies: CallReply[] = [];
  readonly #messages: ModelMessage[];
  readonly #rules: ReplayRules;

  constructor(messages: ModelMessage[], rules: ReplayRules) {
    this.#messages = messages;
    this.#rules = rules;
  }

  apply(record: RunRecord): void {
    if (record.type !== 'output-invalid') this.#enterReply();
    switch (record.type) {
      case 'model-response':
        this.flush();
        this.#reply = { text: record.text, toolCalls: record.toolCalls };
        this.turnCalls = [];
        return;
      case 'output-invalid':
        if (this.#reply) this.#rules.history.appendCorrection(this.#messages, this.#reply.text, this.#reply.toolCalls, record.correction, this.#rules.offered);
        else this.#messages.push({ role: 'user', content: record.correction });
        this.#reply = undefined;
        this.turnCalls = [];
        return;
      case 'tool-call-start':
        this.open.set(record.callId, { callId: record.callId, tool: record.tool, args: record.args, step: record.step });
        return;
      case 'tool-call-end':
        this.open.delete(record.callId);
        this.#replies.push({ content: record.observation, callId: record.callId, isError: record.outcome === 'error' || record.result?.isError === true });
        return;
      case 'user-question':
        this.pendingQuestion = { question: record.question, why: record.why };
        return;
      case 'user-reply':
        return this.#userReply(record);
      default:
        return;
    }
  }

  /** Answers the turn as the loop does; calls still without a reply stay open. */
  flush(): void {
    this.#enterReply();
    this.turnCalls = this.#rules.history.appendReplies(this.#messages, this.turnCalls, this.#replies);
    this.#replies = [];
  }

  #enterReply(): void {
    if (!this.#reply) return;
    this.#rules.history.appendTurn(this.#messages, this.#reply.text, this.#reply.toolCalls);
    this.turnCalls = [...this.#reply.toolCalls];
    this.#reply = undefined;
  }

  /** The human's reply answers the first call of the turn still without one (xml, native: `ask_user` is a call). */
  #userReply(record: Extract<RunRecord, { type: 'user-reply' }>): void {
    this.pendingQuestion = undefined;
    const callId = this.turnCalls.find((call) => !this.#replies.some((given) => given.callId === call.id))?.id;
    this.#replies.push({
      // An automatic reply (nobody could answer) was shown to the model as it is, as an error.
      ...('automatic' in record ? { content: record.reply, isError: true } : { content: this.#rules.renderUserReply(record.reply) }),
      ...(callId === undefined ? {} : { callId }),
    });
  }
}
