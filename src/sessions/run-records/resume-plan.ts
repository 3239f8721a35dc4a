/**
 * Where a stored run continues. The history comes from `rebuildTranscript`; the last accepted turn is
 * then re-read from the records so each of its decisions is found done (its reply is kept),
 * interrupted (a tool call that started and never ended: answered with `interruptedCallMessage`, not
 * run again), waiting for the human (a question without reply, a call waiting for approval: asked
 * again), or not started (run now). A turn whose decision was never recorded is asked again.
 * A call whose stored arguments hold the redaction marker (a secret was masked before it was
 * written) is never run with them: it is reported to the model as interrupted, so it can call again.
 */
import { addUsage, emptyUsage, type ModelMessage, type Usage } from '../../spec/model.ts';
import type { Codec } from '../../protocols/codec.ts';
import { interruptedCallMessage, rebuildTranscript } from './rebuild-transcript.ts';
import { containsRedacted } from '../redact.ts';
import type { InterruptedCall, RunRecord } from './run-record.ts';
import { errorResult, type ToolResult } from '../../tools/toolbox.ts';
import { actionRoute } from '../../protocols/action-route.ts';
import { deliveredReply } from '../../protocols/delivered-reply.ts';
import { userReplyContent } from '../../protocols/user-reply-content.ts';
import type { AcceptedTurn, DecisionReply } from '../../spec/accepted-turn.ts';


/** Where the state machine starts again: THINKING, or decision `index` of `turn`. */
export type ResumeStart =
  | { name: 'THINKING' }
  /** The answer was given (and stored) but the run did not record its end. */
  | { name: 'ANSWERED'; answer: string; confidence?: number }
  | { name: 'TURN'; turn: AcceptedTurn; index: number; replies: DecisionReply[]; waitingHuman: boolean };

export interface ResumePlan {
  question: string;
  protocol?: string;
  messages: ModelMessage[];
  /** The step of the last accepted turn (0 when none). */
  step: number;
  usage: Usage;
  /** Tokens per step, from the stored `model-response` records. */
  stepUsage: Usage[];
  start: ResumeStart;
  /** Every tool and handler result so far, in order: `$(steps.<n>.result)` and `$(last.<tool>)` of the resumed run. */
  results: { tool: string; result: ToolResult }[];
  interruptedCalls: InterruptedCall[];
  pendingQuestion?: { question: string; why: string };
}

type RecordOf<T extends RunRecord['type']> = Extract<RunRecord, { type: T }>;

export function planResume(records: readonly RunRecord[], codec: Codec): ResumePlan {
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  const point = rebuildTranscript(ordered, { renderUserReply: userReplyContent, codec });
  const results = ordered.flatMap((record) => (record.type === 'tool-call-end' && record.outcome === 'result' && record.result ? [{ tool: record.tool, result: record.result }] : []));
  const base = { question: point.question, usage: point.usage, stepUsage: storedStepUsage(ordered), interruptedCalls: [] as InterruptedCall[], results };
  const protocol = point.protocol === undefined ? {} : { protocol: point.protocol };
  const responseAt = ordered.findLastIndex((record) => record.type === 'model-response');
  const decisionAt = ordered.findLastIndex((record) => record.type === 'decision');
  const lastDecisionStep = decisionAt < 0 ? 0 : ordered[decisionAt]!.step;

  if (decisionAt < responseAt || responseAt < 0) {
    const messages = point.messages;
    // A reply that was never judged (the process stopped in between) is asked for again.
    if (unjudgedReply(ordered) && messages.at(-1)?.role === 'assistant') messages.pop();
    return { ...base, ...protocol, messages, step: lastDecisionStep, start: { name: 'THINKING' } };
  }

  const response = ordered[responseAt] as RecordOf<'model-response'>;
  const decided = ordered[decisionAt] as RecordOf<'decision'>;
  const step = decided.step;
  const after = ordered.slice(decisionAt + 1);
  const notes = {
    ...(decided.actions ? { actions: decided.actions } : {}),
    ...(decided.status === undefined ? {} : { status: decided.status }),
    ...(decided.finalResponse === undefined ? {} : { finalResponse: decided.finalResponse }),
    ...(decided.reportsFailure ? { reportsFailure: decided.reportsFailure } : {}),
    ...(decided.finalTurn ? { finalTurn: decided.finalTurn } : {}),
  };
  const turn: AcceptedTurn = { text: response.text, toolCalls: response.toolCalls, decisions: decided.decisions, thoughts: decided.thoughts, ...notes };
  const toolCallIds = codec.history.callIds(response.toolCalls, decided.decisions.length);
  if (toolCallIds) turn.toolCallIds = toolCallIds;
  const lastAssistant = point.messages.findLastIndex((message) => message.role === 'assistant');
  const messages = point.messages.slice(0, lastAssistant + 1);
  const plan = { ...base, ...protocol, messages, step };

  const replies: DecisionReply[] = [];
  const questions = after.filter((record): record is RecordOf<'user-question'> => record.type === 'user-question');
  const answers = after.filter((record): record is RecordOf<'user-reply'> => record.type === 'user-reply');
  let asked = 0;
  for (const [index, decision] of decided.decisions.entries()) {
    const stop = (waitingHuman: boolean): ResumePlan => ({
      ...plan,
      start: { name: 'TURN', turn, index, replies, waitingHuman },
    });
    const route = actionRoute(decision, decided.actions?.[index]);
    if (route === 'output') {
      // Delivered outputs are not delivered twice; one without its record is delivered now.
      const delivered = after.find((record): record is RecordOf<'output'> => record.type === 'output' && record.index === index);
      if (!delivered) return stop(false);
      replies.push(deliveredReply(codec, { text: delivered.text, ...(delivered.confidence === undefined ? {} : { confidence: delivered.confidence }) }));
      continue;
    }
    if (route === 'fail') return stop(false);
    if (decision.action === 'answer_user') {
      const given = after.find((record): record is RecordOf<'answer'> => record.type === 'answer');
      if (!given) return stop(false);
      const confidence = given.confidence === undefined ? {} : { confidence: given.confidence };
      return { ...plan, start: { name: 'ANSWERED', answer: given.answer, ...confidence } };
    }
    if (decision.action === 'ask_user') {
      const question = questions[asked];
      const answer = answers[asked];
      asked += 1;
      if (!question) return stop(false);
      if (!answer) return { ...stop(true), pendingQuestion: { question: question.question, why: question.why } };
      replies.push('automatic' in answer ? { content: answer.reply, isError: true } : { content: userReplyContent(answer.reply) });
      continue;
    }
    const callId = turn.toolCallIds?.[index] ?? `call_${step}_${index + 1}`;
    const startAt = after.findIndex((record) => record.type === 'tool-call-start' && record.callId === callId);
    const end = after.find((record): record is RecordOf<'tool-call-end'> => record.type === 'tool-call-end' && record.callId === callId);
    if (end) {
      replies.push(end.outcome === 'error' || end.result?.isError ? { content: end.observation, isError: true } : { content: end.observation });
      continue;
    }
    const call: InterruptedCall = { callId, tool: decision.tool, args: decision.args, step };
    const approving = startAt >= 0 && waitsForApproval(after.slice(startAt + 1));
    const neverRan = startAt < 0 || approving;
    if (neverRan && !containsRedacted(decision.args)) return stop(approving);
    plan.interruptedCalls.push(call);
    const message = neverRan ? redactedCallMessage(call) : interruptedCallMessage(call);
    replies.push({ content: codec.observation(errorResult(message), { tool: call.tool }), isError: true });
  }
  const answered = after.find((record): record is RecordOf<'answer'> => record.type === 'answer');
  if (answered) {
    // The turn's stacked outputs were the answer, already given.
    return { ...plan, start: { name: 'ANSWERED', answer: answered.answer, ...(answered.confidence === undefined ? {} : { confidence: answered.confidence }) } };
  }
  return { ...plan, start: { name: 'TURN', turn, index: decided.decisions.length, replies, waitingHuman: false } };
}

/**
 * True when the last stored model reply was never judged (no decision and no correction after it):
 * the process stopped in between, and the resumed run asks the model again at that position.
 */
function unjudgedReply(ordered: readonly RunRecord[]): boolean {
  const responseAt = ordered.findLastIndex((record) => record.type === 'model-response');
  return responseAt >= 0 && !ordered.slice(responseAt + 1).some((record) => record.type === 'decision' || record.type === 'output-invalid');
}

/**
 * How many stored model replies the resumed run's history has used: every `model-response` but an
 * unjudged last one, which is asked for again. A model that plays its turns by position (a replay)
 * continues from this turn, so the turn that is asked again is the same one.
 */
export function usedReplies(records: readonly RunRecord[]): number {
  const ordered = [...records].sort((a, b) => a.seq - b.seq);
  const replies = ordered.filter((record) => record.type === 'model-response').length;
  return unjudgedReply(ordered) ? replies - 1 : replies;
}

/** What the model is told about a call whose stored arguments were redacted. */
export function redactedCallMessage(call: InterruptedCall): string {
  return (
    `The call to ${call.tool} was interrupted and not run again: its arguments held a secret that is never stored. ` +
    'Call it again if it is still needed.'
  );
}

/** Entry `i` sums the `model-response` records of step `i + 1`. */
function storedStepUsage(records: readonly RunRecord[]): Usage[] {
  const perStep: Usage[] = [];
  for (const record of records) {
    if (record.type !== 'model-response') continue;
    const index = Math.max(record.step, 1) - 1;
    perStep[index] = addUsage(perStep[index] ?? emptyUsage(), record.usage);
  }
  return Array.from({ length: perStep.length }, (_, index) => perStep[index] ?? emptyUsage());
}

/** The call asked for approval and got no reply: it never ran. */
function waitsForApproval(following: readonly RunRecord[]): boolean {
  return following[0]?.type === 'approval-request' && !following.some((record) => record.type === 'approval-reply');
}
