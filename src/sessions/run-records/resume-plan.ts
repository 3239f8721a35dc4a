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
import type { CallToolDecision } from '../../spec/decision.ts';


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

  if (decisionAt < responseAt || responseAt < 0) {
    const messages = point.messages;
    // A reply that was never judged (the process stopped in between) is asked for again.
    if (unjudgedReply(ordered) && messages.at(-1)?.role === 'assistant') messages.pop();
    const step = decisionAt < 0 ? 0 : ordered[decisionAt]!.step;
    return { ...base, ...protocol, messages, step, start: { name: 'THINKING' } };
  }

  const decided = ordered[decisionAt] as RecordOf<'decision'>;
  const turn = acceptedTurn(ordered[responseAt] as RecordOf<'model-response'>, decided, codec);
  const lastAssistant = point.messages.findLastIndex((message) => message.role === 'assistant');
  const plan = { ...base, ...protocol, messages: point.messages.slice(0, lastAssistant + 1), step: decided.step };
  return continueTurn(plan, turn, new TurnRecords(ordered.slice(decisionAt + 1), decided.step, codec));
}

/** The last accepted turn as the loop holds it, from its stored reply and decision. */
function acceptedTurn(response: RecordOf<'model-response'>, decided: RecordOf<'decision'>, codec: Codec): AcceptedTurn {
  const turn: AcceptedTurn = {
    text: response.text,
    toolCalls: response.toolCalls,
    decisions: decided.decisions,
    thoughts: decided.thoughts,
    ...(decided.actions ? { actions: decided.actions } : {}),
    ...(decided.status === undefined ? {} : { status: decided.status }),
    ...(decided.finalResponse === undefined ? {} : { finalResponse: decided.finalResponse }),
    ...(decided.reportsFailure ? { reportsFailure: decided.reportsFailure } : {}),
    ...(decided.finalTurn ? { finalTurn: decided.finalTurn } : {}),
  };
  const toolCallIds = codec.history.callIds(response.toolCalls, decided.decisions.length);
  if (toolCallIds) turn.toolCallIds = toolCallIds;
  return turn;
}

/** What became of one decision of the turn: done (its reply), the end of the run, or where the run stops to continue. */
type DecisionProgress =
  | { kind: 'done'; reply: DecisionReply; interrupted?: InterruptedCall }
  | { kind: 'answered'; answer: string; confidence?: number }
  | { kind: 'continue-here'; waitingHuman: boolean; pendingQuestion?: { question: string; why: string } };

/** Walks the turn's decisions: the first one not done is where the run continues. */
function continueTurn(plan: Omit<ResumePlan, 'start'>, turn: AcceptedTurn, records: TurnRecords): ResumePlan {
  const replies: DecisionReply[] = [];
  for (const [index, decision] of turn.decisions.entries()) {
    const progress = records.progressOf(decision, index, turn);
    if (progress.kind === 'done') {
      replies.push(progress.reply);
      if (progress.interrupted) plan.interruptedCalls.push(progress.interrupted);
      continue;
    }
    if (progress.kind === 'answered') {
      const confidence = progress.confidence === undefined ? {} : { confidence: progress.confidence };
      return { ...plan, start: { name: 'ANSWERED', answer: progress.answer, ...confidence } };
    }
    const pending = progress.pendingQuestion ? { pendingQuestion: progress.pendingQuestion } : {};
    return { ...plan, start: { name: 'TURN', turn, index, replies, waitingHuman: progress.waitingHuman }, ...pending };
  }
  const answered = records.answer();
  if (answered) {
    // The turn's stacked outputs were the answer, already given.
    return { ...plan, start: { name: 'ANSWERED', answer: answered.answer, ...(answered.confidence === undefined ? {} : { confidence: answered.confidence }) } };
  }
  return { ...plan, start: { name: 'TURN', turn, index: turn.decisions.length, replies, waitingHuman: false } };
}

/** The records after the turn's decision, read decision by decision. */
class TurnRecords {
  readonly #after: readonly RunRecord[];
  readonly #step: number;
  readonly #codec: Codec;
  readonly #questions: RecordOf<'user-question'>[];
  readonly #answers: RecordOf<'user-reply'>[];
  /** The turn's questions met so far: the n-th question pairs with the n-th stored question and reply. */
  #asked = 0;

  constructor(after: readonly RunRecord[], step: number, codec: Codec) {
    this.#after = after;
    this.#step = step;
    this.#codec = codec;
    this.#questions = after.filter((record): record is RecordOf<'user-question'> => record.type === 'user-question');
    this.#answers = after.filter((record): record is RecordOf<'user-reply'> => record.type === 'user-reply');
  }

  answer(): RecordOf<'answer'> | undefined {
    return this.#after.find((record): record is RecordOf<'answer'> => record.type === 'answer');
  }

  progressOf(decision: AcceptedTurn['decisions'][number], index: number, turn: AcceptedTurn): DecisionProgress {
    const route = actionRoute(decision, turn.actions?.[index]);
    if (route === 'output') return this.#output(index);
    if (route === 'fail') return { kind: 'continue-here', waitingHuman: false };
    if (decision.action === 'answer_user') {
      const given = this.answer();
      if (!given) return { kind: 'continue-here', waitingHuman: false };
      return { kind: 'answered', answer: given.answer, ...(given.confidence === undefined ? {} : { confidence: given.confidence }) };
    }
    if (decision.action === 'ask_user') return this.#question();
    return this.#call(decision, turn.toolCallIds?.[index] ?? `call_${this.#step}_${index + 1}`);
  }

  /** Delivered outputs are not delivered twice; one without its record is delivered now. */
  #output(index: number): DecisionProgress {
    const delivered = this.#after.find((record): record is RecordOf<'output'> => record.type === 'output' && record.index === index);
    if (!delivered) return { kind: 'continue-here', waitingHuman: false };
    const confidence = delivered.confidence === undefined ? {} : { confidence: delivered.confidence };
    return { kind: 'done', reply: deliveredReply(this.#codec, { text: delivered.text, ...confidence }) };
  }

  #question(): DecisionProgress {
    const question = this.#questions[this.#asked];
    const answer = this.#answers[this.#asked];
    this.#asked += 1;
    if (!question) return { kind: 'continue-here', waitingHuman: false };
    if (!answer) return { kind: 'continue-here', waitingHuman: true, pendingQuestion: { question: question.question, why: question.why } };
    return { kind: 'done', reply: 'automatic' in answer ? { content: answer.reply, isError: true } : { content: userReplyContent(answer.reply) } };
  }

  /** A call that ended keeps its reply; one that never ran runs now (or is asked for approval again); one cut off is reported interrupted. */
  #call(decision: CallToolDecision, callId: string): DecisionProgress {
    const startAt = this.#after.findIndex((record) => record.type === 'tool-call-start' && record.callId === callId);
    const end = this.#after.find((record): record is RecordOf<'tool-call-end'> => record.type === 'tool-call-end' && record.callId === callId);
    if (end) return { kind: 'done', reply: end.outcome === 'error' || end.result?.isError ? { content: end.observation, isError: true } : { content: end.observation } };
    const call: InterruptedCall = { callId, tool: decision.tool, args: decision.args, step: this.#step };
    const approving = startAt >= 0 && waitsForApproval(this.#after.slice(startAt + 1));
    const neverRan = startAt < 0 || approving;
    if (neverRan && !containsRedacted(decision.args)) return { kind: 'continue-here', waitingHuman: approving };
    const message = neverRan ? redactedCallMessage(call) : interruptedCallMessage(call);
    return { kind: 'done', reply: { content: this.#codec.observation(errorResult(message), { tool: call.tool }), isError: true }, interrupted: call };
  }
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
function redactedCallMessage(call: InterruptedCall): string {
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
