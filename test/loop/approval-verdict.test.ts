/**
 * The approval policy is called without a closure per call (`policyVerdict`); it must decide as
 * `callGuarded` around the policy did: the verdict, the refusal, a throw (UserChannelError), a
 * cancellation before, during or after the policy, synchronous or not.
 */
import { describe, expect, it } from 'vitest';
import { callGuarded, checkApproval } from '../../src/loop/approval.ts';
import type { RunContext } from '../../src/loop/run-state.ts';
import type { ApprovalPolicy, ApprovalVerdict } from '../../src/tools/approval-policy.ts';
import type { ToolSpec } from '../../src/spec/decision.ts';

const spec: ToolSpec = { name: 't', inputSchema: { type: 'object' } };

/** `checkApproval` as it was: the policy through `callGuarded`, then the same steps. */
async function reference(context: RunContext): Promise<unknown> {
  const verdict = await callGuarded(context, 'approval-policy', () => context.policies.approval(spec, {}));
  if (verdict === 'allow') return undefined;
  // Ask and deny both refuse here: the contexts have no user.
  return checkApproval({ ...context, policies: { ...context.policies, approval: () => verdict } }, spec, {});
}

type Case = [string, (controller: AbortController) => ApprovalPolicy, boolean?];

const cases: Case[] = [
  ['allow', () => () => 'allow'],
  ['deny', () => () => 'deny'],
  ['ask', () => () => 'ask'],
  ['a throw', () => () => {
    throw new Error('policy broke');
  }],
  ['an abort by the policy', (controller) => () => {
    controller.abort(new Error('cancelled'));
    return 'allow';
  }],
  ['a signal aborted before', () => () => 'allow', true],
  ['a promise of allow', () => async (): Promise<ApprovalVerdict> => 'allow'],
  ['a promise of deny', () => async (): Promise<ApprovalVerdict> => 'deny'],
  ['a rejection', () => () => Promise.reject(new Error('lookup failed'))],
  ['an abort while the policy waits', (controller) => () => {
    setTimeout(() => controller.abort(new Error('cancelled later')), 1);
    return new Promise<ApprovalVerdict>(() => undefined);
  }],
];

async function settle(make: () => unknown): Promise<unknown> {
  try {
    const value = await make();
    return { value: value === undefined ? undefined : { error: (value as Error).constructor.name, message: (value as Error).message } };
  } catch (error) {
    return { error: (error as Error).constructor.name, message: (error as Error).message };
  }
}

function contextFor(policy: (controller: AbortController) => ApprovalPolicy, abortedBefore = false): RunContext {
  const controller = new AbortController();
  if (abortedBefore) controller.abort(new Error('cancelled before'));
  return { signal: controller.signal, policies: { approval: policy(controller) }, emit: () => undefined, user: undefined } as unknown as RunContext;
}

describe('the approval policy without a closure', () => {
  it.each(cases)('decides as callGuarded did: %s', async (_name, policy, abortedBefore) => {
    expect(await settle(() => checkApproval(contextFor(policy, abortedBefore), spec, {}))).toEqual(await settle(() => reference(contextFor(policy, abortedBefore))));
  });
});
