/**
 * Approval of one tool call: the `approval` policy says allow, deny or ask; `ask` goes to
 * `user.approve` (no approve method: refused). Emits `approval-request` / `approval-reply`.
 * Returns the refusal, or undefined when the call may run.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { ApprovalDeniedError } from '../errors/approval-denied-error.ts';
import { UserChannelError } from '../errors/user-channel-error.ts';
import type { ApprovalVerdict } from './agent-options.ts';
import type { RunState } from './run-state.ts';
import { untilAborted } from './until-aborted.ts';

export async function checkApproval(
  state: RunState,
  tool: ToolSpec,
  args: Record<string, unknown>,
): Promise<ApprovalDeniedError | undefined> {
  const verdict = await callGuarded(state, 'approval-policy', () => state.policies.approval(tool, args));
  if (verdict === 'allow') return undefined;
  if (verdict === 'deny') return new ApprovalDeniedError(tool.name, 'policy');
  const reason = tool.annotations?.destructiveHint === true ? 'destructive tool' : 'tool may change state';
  state.emit({ type: 'approval-request', tool: tool.name, args, reason });
  const approve = state.user?.approve;
  if (!approve) {
    state.emit({ type: 'approval-reply', tool: tool.name, approved: false });
    return new ApprovalDeniedError(tool.name, 'no-approver');
  }
  const approved = await callGuarded(state, 'approve', () => approve.call(state.user, { tool, args, reason }, state.signal));
  state.emit({ type: 'approval-reply', tool: tool.name, approved });
  return approved ? undefined : new ApprovalDeniedError(tool.name, 'user');
}

/**
 * Runs a developer-supplied callback, waited on only while the run's signal is live (a callback
 * that never settles cannot keep a cancelled or timed-out run alive); a throw (other than
 * cancellation) becomes a UserChannelError.
 */
export async function callGuarded<T>(
  state: RunState,
  operation: UserChannelError['operation'],
  callback: () => T | Promise<T>,
): Promise<T> {
  try {
    return await untilAborted(callback, state.signal);
  } catch (error) {
    if (state.signal.aborted) throw error;
    throw new UserChannelError(operation, error);
  }
}

export type { ApprovalVerdict };
