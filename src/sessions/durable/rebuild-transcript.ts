/**
 * Rebuilds, from a stored run, the conversation a resumed loop continues from. The base is the last
 * `model-request` (exactly what the model was last sent); what happened after it (the reply, a
 * correction, tool results, the user's reply) is appended in the loop's message format. Tool calls
 * that started after it and never ended are returned as interrupted: they may or may not have had
 * their effect, so the loop reports them to the model instead of running them again.
 */
import type { RunStatus } from '../../spec/events.ts';
import { addUsage, emptyUsage, type ModelMessage, type ModelToolCall, type Usage } from '../../spec/model.ts';
import type { InterruptedCall, RunRecord } from './run-record.ts';

export interface RebuildOptions {
  /** The question, when the records hold no `run-start` (e.g. the process died before it). @default '' */
  question?: string;
  /** How the loop words the human's reply to an `ask_user`. @default the reply as is */
  renderUserReply?: (reply: string) => string;
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
  const native = start?.type === 'run-start' && start.protocol === 'native';
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
  /** The model's native tool calls of the turn being answered, and the replies given so far. */
  let turnCalls: ModelToolCall[] = [];
  let replies: { content: string; callId?: string; isError?: boolean }[] = [];
  /** Answers the turn as the loop does: native calls one tool message each (in call order), text protocols one user message. */
  const flush = () => {
    if (native && turnCalls.length > 0) {
      const unanswered: ModelToolCall[] = [];
      for (const call of turnCalls) {
        const reply = replies.find((candidate) => candidate.callId === call.id);
        if (!reply) unanswered.push(call);
        else messages.push({ role: 'tool', toolCallId: call.id, toolName: call.name, content: reply.content, ...(reply.isError ? { isError: true } : {}) });
      }
      turnCalls = unanswered;
    } else {
      const text = replies.map((reply) => reply.content).filter((content) => content !== '');
      if (text.length > 0) messages.push({ role: 'user', content: text.join('\n\n') });
    }
    replies = [];
  };

  for (const record of ordered.slice(baseIndex + 1)) {
    switch (record.type) {
      case 'model-response':
        flush();
        messages.push({ role: 'assistant', content: record.text, ...(native && record.toolCalls.length ? { toolCalls: record.toolCalls } : {}) });
        turnCalls = native ? [...record.toolCalls] : [];
        break;
      case 'output-invalid':
        replies = turnCalls.map((call) => ({ content: record.correction, callId: call.id, isError: true }));
        flush();
        if (turnCalls.length === 0 || !native) messages.push({ role: 'user', content: record.correction });
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
      case 'user-reply':
        pendingQuestion = undefined;
        replies.push({
          // An automatic reply (nobody could answer) was shown to the model as it is, as an error.
          ...('automatic' in record ? { content: record.reply, isError: true } : { content: renderUserReply(record.reply) }),
          callId: turnCalls.find((call) => !replies.some((reply) => reply.callId === call.id))?.id,
        });
        break;
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
