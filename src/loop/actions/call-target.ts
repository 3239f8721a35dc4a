/**
 * The call target of decision `index` of a turn: undefined for a toolbox tool, the caller's handler
 * for an envelope handler action. A handler that is not registered (the agent changed since the turn
 * was parsed, e.g. a resumed run) runs nothing: the call fails with ToolNotFoundError via the toolbox.
 */
import { isHandlerType } from '../../protocols/envelope-schema.ts';
import type { CallTarget } from './call-target-spec.ts';
import type { AcceptedTurn } from '../../spec/accepted-turn.ts';
import type { RunState } from '../run-state.ts';
import { handlerTarget } from './handler-target.ts';

export function callTarget(state: RunState, turn: AcceptedTurn, index: number): CallTarget | undefined {
  const decision = turn.decisions[index];
  const type = turn.actions?.[index]?.type;
  if (decision?.action !== 'call_tool' || !isHandlerType(type)) return undefined;
  const handler = state.context.handlers[type];
  if (typeof handler !== 'function') {
    return { spec: { name: decision.tool, inputSchema: { type: 'object' } }, handler: type, call: () => Promise.reject(new Error(`no ${type} handler is registered`)) };
  }
  return handlerTarget(type, decision.tool, handler, state.transcript.variables.state);
}
