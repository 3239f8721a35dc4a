/**
 * TOOL_RUN: one `call_tool` decision. Loop check, the call announced (`tool-call`), approval, then
 * the Toolbox call under the run's signal (the toolbox applies the timeout). Announcing and running
 * are two steps: a resumed run whose call was announced (and stored) before it stopped runs it
 * without announcing it twice (`runAnnouncedCall`). Results, tool errors, timeouts and refusals all
 * become observations the model reads next turn; only cancellation, a detected loop and an
 * InternalError (a bug in the toolbox or the codec, e.g. a result that cannot be rendered) end the
 * run from here.
 */
import type { CallToolDecision } from '../spec/decision.ts';
import { InternalError } from '../errors/internal-error.ts';
import { LoopDetectedError } from '../errors/loop-detected-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { ToolExecutionError } from '../errors/tool-execution-error.ts';
import { ToolNotFoundError } from '../errors/tool-not-found-error.ts';
import { errorResult, type ToolCallOptions, type ToolResult } from '../tools/toolbox.ts';
import { untilAborted } from '../tools/until-aborted.ts';
import { checkApproval } from './approval.ts';
import { loopWarning, trackRepeat, type RepeatVerdict } from './loop-detector.ts';
import { snapshot } from './snapshot.ts';
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';
import type { HostCallOptions } from '../protocols/turn-runner.ts';

/** How a codec's runner has a call made (`TurnHost.callTool`): by its runner instead of the toolbox, its results told to it. */
export type CallTarget = Pick<HostCallOptions, 'runner' | 'onResult'>;

/** Announces the call (`tool-call`), then runs it (by the toolbox, or by `target.runner`). */
export async function executeToolCall(state: RunState, decision: CallToolDecision, callId: string, target?: CallTarget): Promise<DecisionReply> {
  const repeat = checkRepeat(state, decision);
  state.context.emit({ type: 'tool-call', callId, tool: decision.tool, args: decision.args, ...(target?.runner ? { handler: target.runner.handler } : {}) });
  return runCall(state, decision, callId, repeat, target);
}

/** Runs a call announced before the run stopped (it waited for approval): its approval is asked again. */
export async function runAnnouncedCall(state: RunState, decision: CallToolDecision, callId: string, target?: CallTarget): Promise<DecisionReply> {
  return runCall(state, decision, callId, checkRepeat(state, decision), target);
}

/** Counts the call into the repeat streak; the call that repeats past the warning ends the run. */
function checkRepeat(state: RunState, decision: CallToolDecision): Exclude<RepeatVerdict, 'stop'> {
  const repeat = trackRepeat(state, decision);
  const repeats = state.counters.repeat.count;
  if (repeat === 'stop') throw new LoopDetectedError({ toolName: decision.tool, args: decision.args, repeats, ...snapshot(state) });
  return repeat;
}

/** The call after its announcement: the loop warning, an unknown tool, approval, then the call itself. */
async function runCall(state: RunState, decision: CallToolDecision, callId: string, repeat: Exclude<RepeatVerdict, 'stop'>, target: CallTarget | undefined): Promise<DecisionReply> {
  const { tool: name, args } = decision;
  if (repeat === 'warn') {
    const repeats = state.counters.repeat.count;
    return fail(state, callId, name, new LoopDetectedError({ toolName: name, args, repeats, ...snapshot(state) }), loopWarning(decision, repeats));
  }
  const spec = target?.runner?.spec ?? state.transcript.tools.find((tool) => tool.name === name);
  if (!spec) return fail(state, callId, name, new ToolNotFoundError(name, state.transcript.tools.map((tool) => tool.name)));
  const refusal = await checkApproval(state.context, spec, args);
  if (refusal) return fail(state, callId, name, refusal);
  return callTool(state, callId, name, args, target);
}

/**
 * The approved call, by the toolbox or `target.runner`, inside the observers' scope when they have
 * one (telemetry's `execute_tool` span): its result or its failure as the model's observation.
 */
async function callTool(state: RunState, callId: string, name: string, args: Record<string, unknown>, target: CallTarget | undefined): Promise<DecisionReply> {
  const { context } = state;
  const options: ToolCallOptions = {
    signal: context.signal,
    timeoutMs: context.policies.toolTimeoutMs,
    onProgress: (progress) => context.emit({ type: 'tool-progress', callId, tool: name, progress }),
  };
  const started = performance.now();
  let result: ToolResult;
  try {
    const start = () => (target?.runner ? target.runner.call(args, options) : context.toolbox.call(name, args, options));
    const scope = context.toolScope;
    result = await untilAborted(() => (scope ? scope(callId, start) : start()), context.signal);
  } catch (error) {
    // A tool's failure is the model's observation; cancellation and an InternalError end the run.
    if (context.signal.aborted || InternalError.isInstance(error)) throw error;
    return fail(state, callId, name, ReinsError.isInstance(error) ? error : new ToolExecutionError(name, { cause: error }));
  }
  // The codec's runner is told each result and says how the model may name it (`ref`).
  const ref = target?.onResult?.(name, result);
  const observation = context.codec.observation(result, { tool: name, ref });
  context.emit({ type: 'tool-result', callId, tool: name, result, observation, durationMs: performance.now() - started });
  return result.isError ? { content: observation, isError: true } : { content: observation };
}

function fail(state: RunState, callId: string, tool: string, error: ReinsError, message = error.message): DecisionReply {
  const observation = state.context.codec.observation(errorResult(message), { tool });
  state.context.emit({ type: 'tool-error', callId, tool, error, observation });
  return { content: observation, isError: true };
}
