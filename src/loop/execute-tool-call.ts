/**
 * TOOL_RUN: one `call_tool` decision. Loop check, approval, then the Toolbox call under the timeout
 * and the run's signal. Results, tool errors, timeouts and refusals all become observations the
 * model reads next turn; only cancellation, a detected loop and an InternalError (a bug in the
 * toolbox or the codec, e.g. a result that cannot be rendered) end the run from here.
 */
import type { CallToolDecision } from '../spec/decision.ts';
import { InternalError } from '../errors/internal-error.ts';
import { LoopDetectedError } from '../errors/loop-detected-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import { ToolExecutionError } from '../errors/tool-execution-error.ts';
import { ToolNotFoundError } from '../errors/tool-not-found-error.ts';
import { textResult, type ToolResult } from '../tools/toolbox.ts';
import { checkApproval } from './approval.ts';
import { loopWarning, trackRepeat } from './loop-detector.ts';
import { snapshot } from './next-turn.ts';
import type { DecisionReply } from '../spec/accepted-turn.ts';
import type { RunState } from './run-state.ts';

export async function executeToolCall(state: RunState, decision: CallToolDecision, callId: string): Promise<DecisionReply> {
  const { tool: name, args } = decision;
  const repeat = trackRepeat(state, decision);
  const repeats = state.repeat.count;
  if (repeat === 'stop') throw new LoopDetectedError({ toolName: name, args, repeats, ...snapshot(state) });
  state.emit({ type: 'tool-call', callId, tool: name, args });
  if (repeat === 'warn') {
    return fail(state, callId, name, new LoopDetectedError({ toolName: name, args, repeats, ...snapshot(state) }), loopWarning(decision, repeats));
  }
  const spec = state.tools.find((tool) => tool.name === name);
  if (!spec) return fail(state, callId, name, new ToolNotFoundError(name, state.tools.map((tool) => tool.name)));
  const refusal = await checkApproval(state, spec, args);
  if (refusal) return fail(state, callId, name, refusal);
  const started = performance.now();
  let result: ToolResult;
  try {
    result = await state.toolbox.call(name, args, {
      signal: state.signal,
      timeoutMs: state.policies.toolTimeoutMs,
      onProgress: (progress) => state.emit({ type: 'tool-progress', callId, tool: name, progress }),
    });
  } catch (error) {
    if (state.signal.aborted || InternalError.isInstance(error)) throw error;
    const toolError = ReinsError.isInstance(error) ? error : new ToolExecutionError(name, { cause: error });
    return fail(state, callId, name, toolError);
  }
  const observation = state.codec.observation(result, { tool: name });
  state.emit({ type: 'tool-result', callId, tool: name, result, observation, durationMs: performance.now() - started });
  return result.isError ? { content: observation, isError: true } : { content: observation };
}

function fail(state: RunState, callId: string, tool: string, error: ReinsError, message = error.message): DecisionReply {
  const observation = state.codec.observation(textResult(message, true), { tool });
  state.emit({ type: 'tool-error', callId, tool, error, observation });
  return { content: observation, isError: true };
}
