/**
 * The driver: START -> THINKING -> (TOOL_RUN | WAIT_USER) -> THINKING ... -> END.
 * Each phase is one small step (`advance`); the turn's decisions are dispatched in order. Every
 * failure ends the run here with a typed error; limits may get one best-effort last turn.
 */
import type { CallToolDecision } from '../spec/decision.ts';
import { BudgetExceededError } from '../errors/budget-exceeded-error.ts';
import { InternalError } from '../errors/internal-error.ts';
import { MaxStepsError } from '../errors/max-steps-error.ts';
import { ModelReportedError } from '../errors/model-reported-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { RunCancelledError } from '../errors/run-cancelled-error.ts';
import { notRunReply, skippedActions } from '../protocols/skipped-actions.ts';
import type { TurnRunner, TurnStart } from '../protocols/turn-runner.ts';
import { RunTurnHost, stoppedReply } from './turn-host.ts';
import { yieldPoint } from './time-slice.ts';
import { isPromiseLike } from '../tools/with-tool-timeout.ts';
import { askUser, putQuestion } from './ask-user.ts';
import { bestEffortAnswer } from './best-effort.ts';
import { usagePerStep } from './count-usage.ts';
import { executeToolCall, runAnnouncedCall } from './execute-tool-call.ts';
import { answerFinalTurn, answerTurn } from './answer-turn.ts';
import { resetRepeat } from './loop-detector.ts';
import { nextTurn } from './next-turn.ts';
import { snapshot } from './snapshot.ts';
import { offeredTools } from './offered-tools.ts';
import type { ResumePlan, ResumeStart } from '../sessions/run-records/resume-plan.ts';
import type { RunResult } from './run-result.ts';
import type { RunSignal } from './run-signal.ts';
import type { AcceptedTurn, DecisionReply } from '../spec/accepted-turn.ts';
import type { EventBody, Phase, RunState } from './run-state.ts';

type RunStartBody = Extract<EventBody, { type: 'run-start' }>;
type RunEndBody = Extract<EventBody, { type: 'run-end' }>;
type AnswerBody = Extract<EventBody, { type: 'answer' }>;

const answerDelivered: DecisionReply = { content: 'Answer delivered to the user.' };

/** The THINKING phase: it carries nothing, so every step shares this one (frozen) object. */
const thinkingPhase: Phase = Object.freeze({ name: 'THINKING' });

/** Where a resumed run starts (see `resume-plan.ts`). */
export type ResumeFrom = Pick<ResumePlan, 'start' | 'interruptedCalls' | 'pendingQuestion'>;

export async function runAgent(state: RunState, scope: RunSignal, resume?: ResumeFrom): Promise<RunResult> {
  if (resume) {
    const { interruptedCalls, pendingQuestion } = resume;
    state.context.emit({ type: 'run-resume', interruptedCalls, ...(pendingQuestion ? { pendingQuestion } : {}) });
  } else {
    const { context } = state;
    const toolNotices = context.toolbox.notices?.();
    const start: RunStartBody = { type: 'run-start', question: context.question, protocol: context.codec.name, tools: context.toolbox.list() };
    // Set, not spread: a spread of a conditional object costs an object and a copy per run. Same key order.
    if (toolNotices !== undefined && toolNotices.length > 0) start.toolNotices = toolNotices;
    context.emit(start);
  }
  let phase: Phase = thinkingPhase;
  try {
    if (resume) phase = await startPhase(state, resume.start);
    const answeredBefore = resume?.start.name === 'ANSWERED';
    // One phase per round. A phase awaits one promise (the model turn's or the tool call's) and
    // dispatches what it gave right here: no `.then` callback, derived promise and extra microtask
    // per phase on top of this await. `phase` changes only once the next phase is known, so a
    // failure (an await that rejects, a dispatch that throws) is handled with the phase it happened in.
    while (phase.name !== 'END') {
      const wait = yieldPoint(phase.name === 'THINKING' && state.counters.step === 0); // fair CPU across concurrent runs, started runs first (time-slice.ts)
      if (wait) await wait;
      state.context.signal.throwIfAborted();
      switch (phase.name) {
        case 'THINKING': {
          startStep(state);
          const turn = await nextTurn(state);
          const runner = state.transcript.turnRunner;
          phase = runner ? await runnerTurn(state, runner, turn, { index: 0, replies: [] }) : dispatch(state, turn, 0, []);
          break;
        }
        case 'TOOL_RUN': {
          // A call answered synchronously is dispatched now, without a microtask turn for an await.
          const reply = toolRun(state, phase);
          const given = isPromiseLike(reply) ? await reply : reply;
          phase = dispatch(state, phase.turn, phase.index + 1, [...phase.replies, given]);
          break;
        }
        case 'WAIT_USER':
          phase = await waitUserPhase(state, phase);
          break;
      }
    }
    if (!answeredBefore) {
      const answer: AnswerBody = { type: 'answer', answer: phase.answer, confidence: phase.confidence };
      if (phase.delivered) answer.delivered = true;
      state.context.emit(answer);
    }
    const result = finish(state, 'answered', undefined);
    result.answer = phase.answer;
    if (phase.confidence !== undefined) result.confidence = phase.confidence;
    return result;
  } catch (thrown) {
    if (phase.name === 'TOOL_RUN' || phase.name === 'WAIT_USER') closeOpenTurn(state, phase.turn, phase.replies);
    const error = classify(state, scope, thrown);
    if (RunCancelledError.isInstance(error)) return finish(state, 'cancelled', error);
    const best = await bestEffortAnswer(state, error);
    const result = finish(state, 'failed', error);
    if (best) {
      result.bestEffort = true;
      result.answer = best.answer;
      if (best.confidence !== undefined) result.confidence = best.confidence;
    }
    return result;
  }
}

/** A phase of one decision of a turn (a tool call, a question). */
type DecisionPhase = Extract<Phase, { name: 'TOOL_RUN' | 'WAIT_USER' }>;

/** A THINKING phase begins a step: the step budget is checked first, then the tools on offer re-read. */
function startStep(state: RunState): void {
  if (state.counters.step >= state.context.policies.maxSteps) throw new MaxStepsError({ maxSteps: state.context.policies.maxSteps, ...snapshot(state) });
  state.counters.step += 1;
  state.transcript.tools = offeredTools(state.context);
}

/**
 * The reply of the TOOL_RUN phase's call (a resumed call was announced before the run stopped): a
 * plain reply when the call answered synchronously (a tool that answers at once, a refusal).
 */
function toolRun(state: RunState, phase: DecisionPhase): DecisionReply | Promise<DecisionReply> {
  const decision = phase.turn.decisions[phase.index] as CallToolDecision;
  const callId = callIdOf(state, phase.turn, phase.index);
  return phase.resumed ? runAnnouncedCall(state, decision, callId) : executeToolCall(state, decision, callId);
}

/**
 * The codec runs the turn itself (its hook, `Codec.runner`, e.g. the envelope's actions), with the
 * loop's steps lent by the host; the loop learns only whether the run has its answer.
 */
async function runnerTurn(state: RunState, runner: TurnRunner, turn: AcceptedTurn, start: TurnStart): Promise<Phase> {
  const end = await runner.runTurn(turn, new RunTurnHost(state, turn), start);
  if (end.kind === 'continue') return thinkingPhase;
  const phase: Phase = { name: 'END', answer: end.answer };
  if (end.confidence !== undefined) phase.confidence = end.confidence;
  if (end.delivered) phase.delivered = true;
  return phase;
}

async function waitUserPhase(state: RunState, phase: DecisionPhase): Promise<Phase> {
  resetRepeat(state);
  const decision = phase.turn.decisions[phase.index];
  if (decision?.action !== 'ask_user') throw new TypeError('WAIT_USER without an ask_user decision');
  const notes = phase.turn.actions?.[phase.index];
  const reply = phase.resumed ? await putQuestion(state, decision, notes) : await askUser(state, decision, notes);
  return dispatch(state, phase.turn, phase.index + 1, [...phase.replies, reply]);
}

/**
 * Picks the phase for decision `index` of the turn by seed 000's routes (a codec with a runner runs
 * its own turns); past the last one, or after a failing action, the turn is answered in the history
 * and the model thinks again.
 */
function dispatch(state: RunState, turn: AcceptedTurn, index: number, replies: DecisionReply[]): Phase {
  const decision = turn.decisions[index];
  if (!decision || replies.at(-1)?.isError) {
    const note = skippedActions(turn, replies);
    answerTurn(state, turn, note ? [...replies, note] : replies, notRunReply);
    return thinkingPhase;
  }
  if (decision.action === 'call_tool') return { name: 'TOOL_RUN', turn, index, replies };
  if (decision.action === 'ask_user') return { name: 'WAIT_USER', turn, index, replies };
  // The model answered that it failed (the codec read it so, e.g. envelope ERROR_INTERNAL), after any
  // cleanup actions of the turn ran: the run fails with the model's message instead of ending `answered`.
  if (turn.reportsFailure) throw new ModelReportedError({ status: turn.reportsFailure.status, message: decision.answer, ...snapshot(state) });
  answerFinalTurn(state, turn, replies, answerDelivered);
  const end: Phase = { name: 'END', answer: decision.answer };
  if (decision.confidence !== undefined) end.confidence = decision.confidence;
  return end;
}

/** The first phase of a resumed run: a decision waiting for the human is put to it again; others are dispatched. */
function startPhase(state: RunState, start: ResumeStart): Phase | Promise<Phase> {
  state.transcript.tools = offeredTools(state.context);
  if (start.name === 'THINKING') return start;
  if (start.name === 'ANSWERED') return { name: 'END', answer: start.answer, ...(start.confidence === undefined ? {} : { confidence: start.confidence }) };
  const { turn, index, replies, waitingHuman } = start;
  const runner = state.transcript.turnRunner;
  if (runner) return runnerTurn(state, runner, turn, { index, replies, resumed: waitingHuman });
  const action = turn.decisions[index]?.action;
  if (waitingHuman && action === 'call_tool') return { name: 'TOOL_RUN', turn, index, replies, resumed: true };
  if (waitingHuman && action === 'ask_user') return { name: 'WAIT_USER', turn, index, replies, resumed: true };
  return dispatch(state, turn, index, replies);
}

function callIdOf(state: RunState, turn: AcceptedTurn, index: number): string {
  return turn.toolCallIds?.[index] ?? `call_${state.counters.step}_${index + 1}`;
}

/** Keeps the history balanced when the run stops in the middle of a turn. */
function closeOpenTurn(state: RunState, turn: AcceptedTurn, replies: DecisionReply[]): void {
  answerTurn(state, turn, replies, stoppedReply);
}

function classify(state: RunState, scope: RunSignal, thrown: unknown): ReinsError {
  if (scope.cancelled()) return new RunCancelledError({ ...snapshot(state), cause: scope.signal.reason });
  if (scope.timedOut()) {
    const used = Math.round(performance.now() - state.context.startedAt);
    return new BudgetExceededError({ budget: 'time', limit: state.context.policies.maxDurationMs, used, ...snapshot(state) });
  }
  if (ReinsError.isInstance(thrown)) return thrown;
  return new InternalError('run loop', { cause: thrown });
}

/**
 * Emits `run-end` and makes the result, `error` (if any) its last key: the caller sets what follows
 * in order (answer, confidence; bestEffort, answer, confidence), written in place rather than merged
 * from an object of fields (an object and an `Object.assign` per run).
 */
function finish(state: RunState, status: RunResult['status'], error: ReinsError | undefined): RunResult {
  const { counters } = state;
  const end: RunEndBody = { type: 'run-end', status, usage: counters.usage };
  if (error) end.error = error;
  state.context.emit(end);
  const result: RunResult = {
    runId: state.context.runId,
    status,
    steps: counters.step,
    usage: counters.usage,
    stepUsage: usagePerStep(counters),
    usageEstimated: counters.usageEstimated,
    transcript: state.transcript.messages.slice(),
  };
  if (error) result.error = error;
  return result;
}
