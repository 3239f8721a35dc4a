/**
 * Who carries out one decision of a turn. A protocol without action notes (json, xml, line, native)
 * has the three routes of seed 000: call_tool -> the toolbox, ask_user -> the human, answer_user ->
 * the end of the run. The envelope's `type` picks the route (seed 003): `tool` -> toolbox, a handler
 * type -> the caller's handler, `output` -> delivered to the user as it comes (the turn goes on),
 * `workflow_control` -> the human (`request_user_input`) or a failed run (`fail_step`).
 */
import type { Decision } from '../spec/decision.ts';
import type { ActionNotes } from './codec.ts';
import { isHandlerType } from './envelope-schema.ts';

export type ActionRoute = 'toolbox' | 'handler' | 'ask' | 'answer' | 'output' | 'fail';

export function actionRoute(decision: Decision, notes: ActionNotes | undefined): ActionRoute {
  const type = notes?.type;
  if (decision.action === 'call_tool') return isHandlerType(type) ? 'handler' : 'toolbox';
  if (decision.action === 'ask_user') return 'ask';
  if (type === 'output') return 'output';
  if (type === 'workflow_control') return 'fail';
  return 'answer';
}
