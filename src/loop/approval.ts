/**
 * Approval of one tool call: the `approval` policy says allow, deny or ask; `ask` goes to
 * `user.approve` (no approve method: refused). Emits `approval-request` / `approval-reply`.
 * Returns the refusal, or undefined when the call may run.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ApprovalVerdict } from '../tools/approval-policy.ts';
import { ApprovalDeniedError } from '../errors/approval-denied-error.ts';
import { UserChannelError } from '../errors/user-channel-error.ts';
import type { RunContext } from './run-state.ts';
import { isPromiseLike } from '../tools/with-tool-timeout.ts';
import { raceAbort, untilAbortedSync } from './until-aborted.ts';

export function checkApproval(
  context: RunContext,
  tool: ToolSpec,
  args: Record<string, unknown>,
): ApprovalDeniedError | undefined | Promise<ApprovalDeniedError | undefined> {
  // A policy that decides synchronously (the default one does) costs no promise and no event-loop hop.
  const verdict = policyVerdict(context, tool, args);
  return isPromiseLike(verdict) ? verdict.then((given) => afterVerdict(context, tool, args, given)) : afterVerdict(context, tool, args, verdict);
}

/**
 * `callGuarded(context, 'approval-policy', () => context.policies.approval(tool, args))` without the
 * closure (one per tool call): the same checks of the run's signal, the same errors.
 */
function policyVerdict(context: RunContext, tool: ToolSpec, args: Record<string, unknown>): ApprovalVerdict | Promise<ApprovalVerdict> {
  const { signal } = context;
  let verdict: ApprovalVerdict | Promise<ApprovalVerdict>;
  try {
    signal.throwIfAborted();
    verdict = context.policies.approval(tool, args);
    // The policy may have aborted the signal itself, synchronously.
    if (!isPromiseLike(verdict)) signal.throwIfAborted();
  } catch (error) {
    throw guarded(context, 'approval-policy', error);
  }
  if (!isPromiseLike(verdict)) return verdict;
  return raceAbort(verdict, signal).then(undefined, (error: unknown) => {
    throw guarded(context, 'approval-policy', error);
  });
}

function afterVerdict(
  context: RunContext,
  tool: ToolSpec,
  args: Record<string, unknown>,
  verdict: ApprovalVerdict,
): ApprovalDeniedError | undefined | Promise<ApprovalDeniedError | undefined> {
  if (verdict === 'allow') return undefined;
  if (verdict === 'deny') return new ApprovalDeniedError(tool.name, 'policy');
  return askApproval(context, tool, args);
}

async function askApproval(context: RunContext, tool: ToolSpec, args: Record<string, unknown>): Promise<ApprovalDeniedError | undefined> {
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
 * that never settles cannot keep a cancelled or timed-out run alive); a throw (other than
 * cancellation) becomes a UserChannelError. A callback that answers synchronously gets its value
 * back synchronously (or the error thrown): no promise on the way.
 */
export function callGuarded<T>(
  context: Pick<RunContext, 'signal'>,
  operation: UserChannelError['operation'],
  callback: () => T | Promise<T>,
): T | Promise<T> {
  let result: T | Promise<T>;
  try {
    result = untilAbortedSync(callback, context.signal);
  } catch (error) {
    throw guarded(context, operation, error);
  }
  return isPromiseLike(result)
    ? result.then(undefined, (error: unknown) => {
        throw guarded(context, operation, error);
      })
    : result;
}

/** A callback's failure: cancellation passes as it is, anything else is the callback's (UserChannelError). */
function guarded(context: Pick<RunContext, 'signal'>, operation: UserChannelError['operation'], error: unknown): unknown {
  return context.signal.aborted ? error : new UserChannelError(operation, error);
}
