/**
 * Approval of one tool call: the `approval` policy says allow, deny or ask; `ask` goes to
 * `user.approve` (no approve method: refused). Emits `approval-request` / `approval-reply`.
 * Resolves to the refusal, or undefined when the call may run.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { ApprovalDeniedError } from '../errors/approval-denied-error.ts';
import { UserChannelError } from '../errors/user-channel-error.ts';
import { untilAborted } from '../tools/until-aborted.ts';
import type { RunContext } from './run-state.ts';

export async function checkApproval(context: RunContext, tool: ToolSpec, args: Record<string, unknown>): Promise<ApprovalDeniedError | undefined> {
  const verdict = await callGuarded(context, 'approval-policy', () => context.policies.approval(tool, args));
  if (verdict === 'allow') return undefined;
  if (verdict === 'deny') return new ApprovalDeniedError(tool.name, 'policy');
  const reason = tool.annotations?.destructiveHint === true ? 'destructive tool' : 'tool may change state';
  context.emit({ type: 'approval-request', tool: tool.name, args, reason });
  const approve = context.user?.approve;
  if (!approve) {
    context.emit({ type: 'approval-reply', tool: tool.name, approved: false });
    return new ApprovalDeniedError(tool.name, 'no-approver');
  }
  const approved = await callGuarded(context, 'approve', () => approve.call(context.user, { tool, args, reason }, context.signal));
  context.emit({ type: 'approval-reply', tool: tool.name, approved });
  return approved ? undefined : new ApprovalDeniedError(tool.name, 'user');
}

/**
 * Runs a developer-supplied callback, waited on only while the run's signal is live (a callback
 * that never settles cannot keep a cancelled or timed-out run alive). A failure other than
 * cancellation becomes a UserChannelError.
 */
export async function callGuarded<T>(context: Pick<RunContext, 'signal'>, operation: UserChannelError['operation'], callback: () => T | Promise<T>): Promise<T> {
  try {
    return await untilAborted(callback, context.signal);
  } catch (error) {
    throw context.signal.aborted ? error : new UserChannelError(operation, error);
  }
}
