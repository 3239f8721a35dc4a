/**
 * The resolved policies of one agent: every option with its default filled in, checked once.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { ConfigError } from '../errors/config-error.ts';
import type { AgentOptions, ApprovalPolicy, ApprovalVerdict } from './agent-options.ts';

export interface Policies {
  maxSteps: number;
  maxRetries: number;
  maxTransportRetries: number;
  maxActionsPerTurn: number;
  loopThreshold: number;
  approval: ApprovalPolicy;
  toolTimeoutMs: number;
  maxTokens: number;
  maxDurationMs: number;
  bestEffortAnswer: boolean;
  stream: boolean;
}

export const defaultPolicies = {
  maxSteps: 20,
  maxRetries: 3,
  maxTransportRetries: 2,
  maxActionsPerTurn: 1,
  loopThreshold: 3,
  toolTimeoutMs: 60_000,
  bestEffortAnswer: false,
  stream: true,
} as const;

/**
 * The default approval policy (see `AgentOptions.approval`): `readOnlyHint: true` or
 * `destructiveHint: false` -> allow; any other MCP tool -> ask (MCP's defaults say a tool without
 * annotations may be destructive); a local `defineTool` tool without annotations -> allow.
 */
export function defaultApproval(tool: ToolSpec): ApprovalVerdict {
  const annotations = tool.annotations;
  if (!annotations && !tool.origin) return 'allow';
  if (annotations?.readOnlyHint === true || annotations?.destructiveHint === false) return 'allow';
  return 'ask';
}

export function resolvePolicies(options: AgentOptions): Policies {
  const policies: Policies = {
    maxSteps: options.maxSteps ?? defaultPolicies.maxSteps,
    maxRetries: options.maxRetries ?? defaultPolicies.maxRetries,
    maxTransportRetries: options.maxTransportRetries ?? defaultPolicies.maxTransportRetries,
    maxActionsPerTurn: options.maxActionsPerTurn ?? defaultPolicies.maxActionsPerTurn,
    loopThreshold: options.loopThreshold ?? defaultPolicies.loopThreshold,
    approval: options.approval ?? defaultApproval,
    toolTimeoutMs: options.toolTimeoutMs ?? defaultPolicies.toolTimeoutMs,
    maxTokens: options.maxTokens ?? Infinity,
    maxDurationMs: options.maxDurationMs ?? Infinity,
    bestEffortAnswer: options.bestEffortAnswer ?? defaultPolicies.bestEffortAnswer,
    stream: options.stream ?? defaultPolicies.stream,
  };
  positive('maxSteps', policies.maxSteps, 1);
  positive('maxRetries', policies.maxRetries, 0);
  positive('maxTransportRetries', policies.maxTransportRetries, 0);
  positive('maxActionsPerTurn', policies.maxActionsPerTurn, 1);
  positive('loopThreshold', policies.loopThreshold, 2);
  positive('toolTimeoutMs', policies.toolTimeoutMs, 1);
  positive('maxTokens', policies.maxTokens, 1);
  positive('maxDurationMs', policies.maxDurationMs, 1);
  return policies;
}

function positive(name: string, value: number, min: number): void {
  if (Number.isNaN(value) || value < min) throw new ConfigError(`Option ${name} must be a number >= ${min}; got ${value}.`);
}
