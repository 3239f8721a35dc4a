/**
 * The driver: START -> THINKING -> (TOOL_RUN | WAIT_USER) -> THINKING ... -> END, as one loop: ask
 * the model for a turn (`nextTurn`), then run the turn's decisions in order (`runTurn`), until a
 * decision answers. A codec whose protocol runs its own turns (`Codec.runner`) runs them instead,
 * with the loop's steps lent by a `TurnHost`. Every failure ends the run here with a typed error;
 * limits may get one best-effort last turn.
 */
import type { CallToolDecision, Decision } from '../spec/decision.ts';
import { BudgetExceededError } from '../errors/budget-exceeded-error.ts';
import { InternalError } from '../errors/internal-error.ts';
import { MaxStepsError } from '../errors/max-steps-error.ts';
import { ModelReportedError } from '../errors/model-reported-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { RunCancelledError } from '../errors/run-cancelled-error.ts';
import { notRunReply, skippedActions } from '../protocols/skipped-actions.ts';
import type { TurnRunner, TurnStart } from '../protocols/turn-runner.ts';
import { RunTurnHost, stoppedReply } from './turn-host.ts';
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
import type { Phase, RunState } from './run-state.ts';

type Ending = Extract<Phase, { name: 'END' }>;

const answerDelivered: DecisionReply = { content: 'Answer delivered to the user.' };

/** Where a resumed run starts (see `resume-plan.ts`). */
export type ResumeFrom = Pick<ResumePlan, 'start' | 'interruptedCalls' | 'pendingQuestion'>;

export async function runAgent(state: RunState, scope: RunSignal, resume?: ResumeFrom): Promise<RunResult> {
  const { context } = state;
  if (resume) {
    const { interruptedCalls, pendingQuestion } = resume;
    context.emit({ type: 'run-resume', interruptedCalls, ...(pendingQuestion ? { pendingQuestion } : {}) });
  } else {
    const toolNotices = context.toolbox.notices?.();
    const tools = context.toolbox.list();
    context.emit({ type: 'run-start', question: context.question, protocol: context.codec.name, tools, ...(toolNotices?.length ? { toolNotices } : {}) });
  }
  try {
    let end = resume ? await resumeTurn(state, resume.start) : undefined;
    while (!end) {
      startStep(state);
      end = await takeTurn(state, await nextTurn(state));
    }
    if (resume?.start.name !== 'ANSWERED') context.emit({ type: 'answer', answer: end.answer, confidence: end.confidence, ...(end.delivered ? { delivered: true } : {}) });
    return { ...finish(state, 'answered'), answer: end.answer, ...(end.confidence === undefined ? {} : { confidence: end.confidence }) };
  } catch (thrown) {
    const error = classify(state, scope, thrown);
    if (RunCancelledError.isInstance(error)) return finish(state, 'cancelled', error);
    const best = await bestEffortAnswer(state, error);
    const result = finish(state, 'failed', error);
    if (!best) return result;
    return { ...result, bestEffort: true, answer: best.answer, ...(best.confidence === undefined ? {} : { confidence: best.confidence }) };
  }
}

/** A step begins: the step budget is checked first, then the tools on offer re-read. */
function startStep(state: RunState): void {
  const { maxSteps } = state.context.policies;
  if (state.counters.step >= maxSteps) throw new MaxStepsError({ maxSteps, ...snapshot(state) });
  state.counters.step += 1;
  state.transcript.tools = offeredTools(state.context);
}

/** Runs an accepted turn: by the codec's runner when its protocol runs its own turns, else by seed 000's routes. */
function takeTurn(state: RunState, turn: AcceptedTurn): Promise<Ending | undefined> {
  const runner = state.transcript.turnRunner;
  return runner ? runnerTurn(state, runner, turn, { index: 0, replies: [] }) : runTurn(state, turn, 0, []);
}

/**
 * Runs the turn's decisions from `from` in order by seed 000's routes, with `replies` to those
 * before it; a failing action stops the rest (they are answered as not run). Resolves to the run's
 * end when a decision answered, or undefined when the model thinks again.
 * `resumed`: decision `from` was announced before the run stopped, and is put to the human again.
 */
async function runTurn(state: RunState, turn: AcceptedTurn, from: number, replies: DecisionReply[], resumed = false): Promise<Ending | undefined> {
  for (let index = from; index < turn.decisions.length && !replies.at(-1)?.isError; index++) {
    const decision = turn.decisions[index] as Decision;
    if (decision.action === 'answer_user') return answer(state, turn, decision, replies);
    try {
      replies.push(await runDecision(state, turn, index, resumed && index === from));
    } catch (error) {
      // The run stops in the middle of the turn: the history stays balanced.
      answerTurn(state, turn, replies, stoppedReply);
      throw error;
    }
  }
  const note = skippedActions(turn, replies);
  answerTurn(state, turn, note ? [...replies, note] : replies, notRunReply);
  return undefined;
}

/** One decision that is not an answer: a tool call or a question to the human. */
async function runDecision(state: RunState, turn: AcceptedTurn, index: number, resumed: boolean): Promise<DecisionReply> {
  const decision = turn.decisions[index] as Exclude<Decision, { action: 'answer_user' }>;
  if (decision.action === 'call_tool') {
    const callId = turn.toolCallIds?.[index] ?? `call_${state.counters.step}_${index + 1}`;
    return resumed ? runAnnouncedCall(state, decision, callId) : executeToolCall(state, decision as CallToolDecision, callId);
  }
  resetRepeat(state);
  const notes = turn.actions?.[index];
  return resumed ? putQuestion(state, decision, notes) : askUser(state, decision, notes);
}

/**
 * A decision that ends the run: the answer (the turn is answered in the history where the protocol
 * needs it), or the model's own report of failure (after the turn's cleanup actions ran).
 */
function answer(state: RunState, turn: AcceptedTurn, decision: Extract<Decision, { action: 'answer_user' }>, replies: DecisionReply[]): Ending {
  if (turn.reportsFailure) throw new ModelReportedError({ status: turn.reportsFailure.status, message: decision.answer, ...snapshot(state) });
  answerFinalTurn(state, turn, replies, answerDelivered);
  return { name: 'END', answer: decision.answer, ...(decision.confidence === undefined ? {} : { confidence: decision.confidence }) };
}

/**
 * The codec runs the turn itself (its hook, `Codec.runner`, e.g. the envelope's actions), with the
 * loop's steps lent by the host; the loop learns only whether the run has its answer.
 */
async function runnerTurn(state: RunState, runner: TurnRunner, turn: AcceptedTurn, start: TurnStart): Promise<Ending | undefined> {
  const end = await runner.runTurn(turn, new RunTurnHost(state, turn), start);
  if (end.kind === 'continue') return undefined;
  return {
    name: 'END',
    answer: end.answer,
    ...(end.confidence === undefined ? {} : { confidence: end.confidence }),
    ...(end.delivered ? { delivered: true } : {}),
  };
}

/** A resumed run: a decision waiting for the human is put to it again; the rest of its turn runs on. */
async function resumeTurn(state: RunState, start: ResumeStart): Promise<Ending | undefined> {
  state.transcript.tools = offeredTools(state.context);
  if (start.name === 'THINKING') return undefined;
  if (start.name === 'ANSWERED') return { name: 'END', answer: start.answer, ...(start.confidence === undefined ? {} : { confidence: start.confidence }) };
  const { turn, index, replies, waitingHuman } = start;
  const runner = state.transcript.turnRunner;
  if (runner) return runnerTurn(state, runner, turn, { index, replies, resumed: waitingHuman });
  const action = turn.decisions[index]?.action;
  return runTurn(state, turn, index, [...replies], waitingHuman && (action === 'call_tool' || action === 'ask_user'));
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

/** Emits `run-end` and makes the result. */
function finish(state: RunState, status: RunResult['status'], error?: ReinsError): RunResult {
  const { counters } = state;
  state.context.emit({ type: 'run-end', status, usage: counters.usage, ...(error ? { error } : {}) });
  return {
    runId: state.context.runId,
    status,
    steps: counters.step,
    usage: counters.usage,
    stepUsage: usagePerStep(counters),
    usageEstimated: counters.usageEstimated,
    transcript: state.transcript.messages.slice(),
    ...(error ? { error } : {}),
  };
}
