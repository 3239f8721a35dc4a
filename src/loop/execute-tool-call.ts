/**
 * TOOL_RUN: one `call_tool` decision. Loop check, the call announced (`tool-call`), approval, then
 * the Toolbox call under the timeout and the run's signal. Announcing and running are two steps: a
 * resumed run whose call was announced (and stored) before it stopped runs it without announcing
 * it twice (`runAnnouncedCall`). Results, tool errors, timeouts and refusals all become observations the
 * model reads next turn; only cancellation, a detected loop and an InternalError (a bug in the
 * toolbox or the codec, e.g. a result that cannot be rendered) end the run from here.
 */
import type { CallToolDecision, ToolSpec } from '../spec/decision.ts';
import { InternalError } from '../errors/internal-error.ts';
import { LoopDetectedError } from '../errors/loop-detected-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { ToolExecutionError } from '../errors/tool-execution-error.ts';
import { ToolNotFoundError } from '../errors/tool-not-found-error.ts';
import { callToolNow } from '../tools/local-toolbox.ts';
import { errorResult, type ToolCallOptions, type ToolProgress, type ToolResult } from '../tools/toolbox.ts';
import { checkApproval } from './approval.ts';
import { isPromiseLike } from '../tools/with-tool-timeout.ts';
import { loopWarning, trackRepeat, type RepeatVerdict } from './loop-detector.ts';
import { snapshot } from './snapshot.ts';
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { EventBody, RunState } from './run-state.ts';
import type { HostCallOptions } from '../protocols/turn-runner.ts';

/** How a codec's runner has a call made (`TurnHost.callTool`): by its runner instead of the toolbox, its results told to it. */
export type CallTarget = Pick<HostCallOptions, 'runner' | 'onResult'>;

/**
 * Announces the call (`tool-call`), then runs it (by the toolbox, or by `target`). The reply comes
 * back as it is when the call settled synchronously (a tool that answers at once, a refusal, a loop
 * warning): no promise for it; a throw is the run's failure, as a rejection is.
 */
export function executeToolCall(state: RunState, decision: CallToolDecision, callId: string, target?: CallTarget): DecisionReply | Promise<DecisionReply> {
  const repeat = checkRepeat(state, decision);
  const announced: Extract<EventBody, { type: 'tool-call' }> = { type: 'tool-call', callId, tool: decision.tool, args: decision.args };
  if (target?.runner) announced.handler = target.runner.handler;
  state.context.emit(announced);
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
function runCall(
  state: RunState,
  decision: CallToolDecision,
  callId: string,
  repeat: Exclude<RepeatVerdict, 'stop'>,
  target: CallTarget | undefined,
): DecisionReply | Promise<DecisionReply> {
  const { tool: name, args } = decision;
  if (repeat === 'warn') {
    const repeats = state.counters.repeat.count;
    return fail(state, callId, name, new LoopDetectedError({ toolName: name, args, repeats, ...snapshot(state) }), loopWarning(decision, repeats));
  }
  const spec = target?.runner?.spec ?? offeredTool(state.transcript.tools, name);
  if (!spec) return fail(state, callId, name, new ToolNotFoundError(name, state.transcript.tools.map((tool) => tool.name)));
  // A policy that decides synchronously (the default one does) is not awaited: no event-loop hop per call.
  const verdict = checkApproval(state.context, spec, args);
  if (isPromiseLike(verdict)) {
    return Promise.resolve(verdict).then((refusal) => (refusal ? fail(state, callId, name, refusal) : callTool(state, callId, name, args, target)));
  }
  if (verdict) return fail(state, callId, name, verdict);
  return callTool(state, callId, name, args, target);
}

/**
 * The approved call, by the toolbox or `target`: its result or its failure as the model's
 * observation. A local tool that answers synchronously is answered here at once (`callToolNow`),
 * with no promise; any other answer is awaited.
 */
function callTool(state: RunState, callId: string, name: string, args: Record<string, unknown>, target: CallTarget | undefined): DecisionReply | Promise<DecisionReply> {
  // The run is the call's options too (`signal`, `timeoutMs`, `onProgress`: its only own enumerable properties).
  const run = new ToolRun(state, callId, name, target?.onResult);
  let answered: ToolResult | PromiseLike<ToolResult>;
  try {
    const scope = state.context.toolScope;
    answered = scope ? scope(callId, startCall, state, name, args, run, target) : startCall(state, name, args, run, target);
  } catch (error) {
    return run.failed(error);
  }
  return isPromiseLike(answered) ? awaitAnswer(run, answered) : run.succeeded(answered);
}

/** Starts the call: by `target` (an action's own runner) or the toolbox. Inside the observers' scope when they have one. */
function startCall(state: RunState, name: string, args: Record<string, unknown>, run: ToolRun, target: CallTarget | undefined): ToolResult | PromiseLike<ToolResult> {
  return target?.runner ? target.runner.call(args, run) : callToolNow(state.context.toolbox, name, args, run, run.onProgress);
}

/** An answer that comes later (its own function: the closures' context is then made only for it, not on every call). */
function awaitAnswer(run: ToolRun, answered: PromiseLike<ToolResult>): Promise<DecisionReply> {
  return Promise.resolve(answered).then(
    (result) => run.succeeded(result),
    (error: unknown) => run.failed(error),
  );
}

/**
 * One approved call: the options the toolbox gets (its own enumerable properties are exactly
 * `signal`, `timeoutMs` and `onProgress`, in that order, as the object literal it replaces had),
 * and its outcome as events and the model's observation. One object per call.
 */
class ToolRun implements ToolCallOptions {
  readonly signal: AbortSignal;
  readonly timeoutMs: number | undefined;
  /** Each report is a `tool-progress` event. */
  readonly onProgress = (progress: ToolProgress): void => {
    this.#state.context.emit({ type: 'tool-progress', callId: this.#callId, tool: this.#name, progress });
  };
  readonly #state: RunState;
  readonly #callId: string;
  readonly #name: string;
  readonly #onResult: HostCallOptions['onResult'];
  readonly #started = performance.now();

  constructor(state: RunState, callId: string, name: string, onResult: HostCallOptions['onResult']) {
    this.signal = state.context.signal;
    this.timeoutMs = state.context.policies.toolTimeoutMs;
    this.#state = state;
    this.#callId = callId;
    this.#name = name;
    this.#onResult = onResult;
  }

  /** The tool's result: told to the codec's runner (which may name it: `ref`), emitted (`tool-result`) and observed. */
  succeeded(result: ToolResult): DecisionReply {
    const state = this.#state;
    const name = this.#name;
    const ref = this.#onResult?.(name, result);
    const observation = state.context.codec.observation(result, { tool: name, ref });
    state.context.emit({ type: 'tool-result', callId: this.#callId, tool: name, result, observation, durationMs: performance.now() - this.#started });
    return result.isError ? { content: observation, isError: true } : { content: observation };
  }

  /** The call failed: a tool's failure is the model's observation; cancellation and an InternalError end the run. */
  failed(error: unknown): DecisionReply {
    const state = this.#state;
    if (state.context.signal.aborted || InternalError.isInstance(error)) throw error;
    const toolError = ReinsError.isInstance(error) ? error : new ToolExecutionError(this.#name, { cause: error });
    return fail(state, this.#callId, this.#name, toolError);
  }
}

function offeredTool(tools: readonly ToolSpec[], name: string): ToolSpec | undefined {
  for (const tool of tools) if (tool.name === name) return tool;
  return undefined;
}

function fail(state: RunState, callId: string, tool: string, error: ReinsError, message = error.message): DecisionReply {
  const observation = state.context.codec.observation(errorResult(message), { tool });
  state.context.emit({ type: 'tool-error', callId, tool, error, observation });
  return { content: observation, isError: true };
}
