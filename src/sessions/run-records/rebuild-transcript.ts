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
import type { CallReply } from '../../protocols/history-strategy.ts';
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

export function rebuildTranscript(records: readonly RunRecord[], options: RebuildOptions = {}): ResumePoint {
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  const start = ordered.find((record) => record.type === 'run-start');
  const question = start?.type === 'run-start' ? start.question : (options.question ?? '');
  const codec = options.codec ?? (start?.type === 'run-start' && Object.hasOwn(protocols, start.protocol) ? protocols[start.protocol] : undefined);
  const history = codec?.history ?? textHistory;
  const offered = codec && start?.type === 'run-start' ? offeredToolNames(codec, start.tools) : [];
  const renderUserReply = options.renderUserReply ?? ((reply: string) => reply);

  let baseIndex = -1;
  for (let index = ordered.length - 1; index >= 0 && baseIndex < 0; index--) {
    if (ordered[index]!.type === 'model-request') baseIndex = index;
  }
  const base = baseIndex >= 0 ? ordered[baseIndex] : undefined;
  const messages: ModelMessage[] =
    base?.type === 'model-request' ? structuredClone(base.messages) : [{ role: 'user', content: question }];

  const open = new Map<string, InterruptedCall>();
  let pendingQuestion: ResumePoint['pendingQuestion'];
  /** A model reply not yet judged: it enters the history as a turn, or with its correction. */
  let reply: { text: string; toolCalls: ModelToolCall[] } | undefined;
  /** The model's tool calls of the turn being answered, and the replies given so far. */
  let turnCalls: ModelToolCall[] = [];
  let replies: CallReply[] = [];
  const enterReply = () => {
    if (!reply) return;
    history.appendTurn(messages, reply.text, reply.toolCalls);
    turnCalls = [...reply.toolCalls];
    reply = undefined;
  };
  /** Answers the turn as the loop does; calls still without a reply stay open. */
  const flush = () => {
    enterReply();
    turnCalls = history.appendReplies(messages, turnCalls, replies);
    replies = [];
  };

  for (const record of ordered.slice(baseIndex + 1)) {
    if (record.type !== 'output-invalid') enterReply();
    switch (record.type) {
      case 'model-response':
        flush();
        reply = { text: record.text, toolCalls: record.toolCalls };
        turnCalls = [];
        break;
      case 'output-invalid':
        if (reply) history.appendCorrection(messages, reply.text, reply.toolCalls, record.correction, offered);
        else messages.push({ role: 'user', content: record.correction });
        reply = undefined;
        turnCalls = [];
        break;
      case 'tool-call-start':
        open.set(record.callId, { callId: record.callId, tool: record.tool, args: record.args, step: record.step });
        break;
      case 'tool-call-end':
        open.delete(record.callId);
        replies.push({ content: record.observation, callId: record.callId, isError: record.outcome === 'error' || record.result?.isError === true });
        break;
      case 'user-question':
        pendingQuestion = { question: record.question, why: record.why };
        break;
      case 'user-reply': {
        pendingQuestion = undefined;
        const callId = turnCalls.find((call) => !replies.some((given) => given.callId === call.id))?.id;
        replies.push({
          // An automatic reply (nobody could answer) was shown to the model as it is, as an error.
          ...('automatic' in record ? { content: record.reply, isError: true } : { content: renderUserReply(record.reply) }),
          ...(callId === undefined ? {} : { callId }),
        });
        break;
      }
      default:
        break;
    }
  }
  flush();

  const end = ordered.findLast((record) => record.type === 'run-end');
  return {
    question,
    ...(start?.type === 'run-start' ? { protocol: start.protocol } : {}),
    ...(base?.type === 'model-request' ? { system: base.system } : {}),
    messages,
    interruptedCalls: [...open.values()],
    unansweredToolCalls: turnCalls,
    ...(pendingQuestion ? { pendingQuestion } : {}),
    lastStep: ordered.reduce((max, record) => Math.max(max, record.step), 0),
    usage: ordered.reduce((sum, record) => (record.type === 'model-response' ? addUsage(sum, record.usage) : sum), emptyUsage()),
    ...(end?.type === 'run-end' ? { ended: end.status } : {}),
  };
}
