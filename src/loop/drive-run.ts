/**
 * Drives one launched run (`launch-run.ts`) once its modules are loaded: with a store, its recorder
 * (the store's run id, persisted model/toolbox/user, the final status) and, for a resume, the plan
 * read back from the record; then the loop (`runAgent`). A setup failure (the store cannot create
 * or load the run, a run that cannot be resumed) is thrown, after the recorder flushed what it holds,
 * for `launchRun` to end the run `failed`. Imported on demand: importing reins does not load the
 * loop's driver nor the durable-run record.
 */
import { ConfigError } from '../errors/config-error.ts';
import { emptyUsage } from '../spec/model.ts';
import type { Codec } from '../protocols/codec.ts';
import type { Store } from '../sessions/store.ts';
import { asReinsError } from './as-reins-error.ts';
import type { RunOptions } from './agent-options.ts';
import type { EventStream } from './event-stream.ts';
import type { AgentEvent } from '../spec/events.ts';
import { planResume, type ResumePlan } from '../sessions/run-records/resume-plan.ts';
import { runAgent } from './run-agent.ts';
import { DrivenRunContext, type ContextParts } from './run-context.ts';
import { RunRecorder } from '../sessions/run-records/run-recorder.ts';
import type { RunResult } from './run-result.ts';
import type { RunSignal } from './run-signal.ts';
import type { RunCounters, RunState, RunTranscript } from './run-state.ts';

/** What an agent resolved once from its options. */
export type AgentParts = ContextParts;

export type LaunchTarget =
  | { kind: 'new'; question: string; meta: RunOptions['meta'] }
  | { kind: 'resume'; runId: string };

/** What `launchRun` made at once: the run's id (the store's, once it gave one), event stream and signal. */
export interface LaunchedRun {
  runId: string;
  readonly events: EventStream<AgentEvent>;
  readonly scope: RunSignal;
}

/**
 * Picks how the run is driven. Without a store there is nothing to create, read back, record or
 * flush: the run is the loop itself.
 */
export function driveRun(parts: AgentParts, target: LaunchTarget, store: Store | undefined, run: LaunchedRun): Promise<RunResult> {
  if (store) return driveRecordedRun(parts, target, store, run);
  if (target.kind === 'resume') return Promise.reject(new ConfigError('Resuming a run needs a store: pass `store` to createAgent or resume.'));
  return runAgent(startState(parts, target.question, run, undefined, undefined), run.scope, undefined);
}

async function driveRecordedRun(parts: AgentParts, target: LaunchTarget, store: Store, run: LaunchedRun): Promise<RunResult> {
  const { events, scope } = run;
  let recorder: RunRecorder | undefined;
  try {
    if (target.kind === 'new') run.runId = await store.createRun({ question: target.question, ...defaultMeta(parts), ...target.meta });
    recorder = new RunRecorder(store, run.runId, (event) => events.push(event));
    const plan = target.kind === 'resume' ? await loadPlan(store, run.runId, parts.codec) : undefined;
    const question = target.kind === 'new' ? target.question : (plan?.question ?? '');
    const state = startState(parts, question, run, recorder, plan);
    if (plan) await store.markStatus(run.runId, 'running');
    const result = await runAgent(state, scope, plan);
    try {
      await recorder.finish(result.status);
      return result;
    } catch (error) {
      return { ...result, status: 'failed', error: asReinsError(error) };
    }
  } catch (error) {
    await recorder?.flush().catch(() => undefined);
    throw error;
  }
}

/** The run's state at its start (a resumed run's from its `plan`); with a recorder, model, toolbox and user are recorded. */
function startState(parts: AgentParts, question: string, run: LaunchedRun, recorder: RunRecorder | undefined, plan: ResumePlan | undefined): RunState {
  const counters: RunCounters = {
    step: plan?.step ?? 0,
    usage: plan?.usage ?? emptyUsage(),
    stepUsage: plan?.stepUsage ?? [],
    usageEstimated: false,
    repeat: { key: '', count: 0 },
  };
  const context = new DrivenRunContext(parts, question, run, recorder, counters);
  const transcript: RunTranscript = {
    messages: plan?.messages ?? [{ role: 'user', content: question }],
    tools: [],
    // A protocol that runs its own turns gets a runner per run; a resumed run's gets back the results it had.
    turnRunner: parts.codec.runner?.({ results: plan?.results ?? [] }),
  };
  return { context, transcript, counters };
}

async function loadPlan(store: Store, runId: string, codec: Codec) {
  const stored = await store.loadRun(runId);
  if (stored.summary.status === 'answered') throw new ConfigError(`Run ${runId} already ended with an answer; there is nothing to resume.`);
  const plan = planResume(stored.records, codec);
  if (plan.protocol !== undefined && plan.protocol !== codec.name) {
    throw new ConfigError(`Run ${runId} used the ${plan.protocol} protocol; resume it with an agent that speaks ${plan.protocol}.`);
  }
  return plan;
}

function defaultMeta(parts: AgentParts) {
  const { provider, modelId } = parts.model;
  return { model: modelId.startsWith(`${provider}:`) ? modelId : `${provider}:${modelId}`, protocol: parts.codec.name };
}

