/**
 * The resolved policies of one agent: every option with its default filled in, checked once.
 */
import { ConfigError } from '../errors/config-error.ts';
import { type ApprovalPolicy, defaultApproval } from '../tools/approval-policy.ts';
import type { AgentOptions } from './agent-options.ts';

export { defaultApproval };

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
  /** Mark requests for the provider's prompt cache, keyed by the run id. */
  promptCache: boolean;
  /** Passed on every model request; undefined leaves the model's default. */
  temperature: number | undefined;
  /** Passed on every model request as its `maxTokens`: the option, else the model's `defaultMaxOutputTokens`, else 4 096. */
  maxOutputTokens: number;
}

/** The default of each run policy (`maxSteps`, `maxRetries`, timeouts, budgets, streaming, prompt cache, output cap). */
export const defaultPolicies = {
  maxSteps: 20,
  maxRetries: 3,
  maxTransportRetries: 2,
  maxActionsPerTurn: 1,
  loopThreshold: 3,
  toolTimeoutMs: 60_000,
  bestEffortAnswer: false,
  stream: true,
  promptCache: true,
  /** Output tokens per turn for a model that declares no `defaultMaxOutputTokens`: a reply that never ends is cut, then corrected. */
  maxOutputTokens: 4_096,
} as const;

/**
 * Protocols whose seed ends a run cut short by a limit with a "couldn't finish" answer (seed 002's
 * fallback when max iterations are reached): `bestEffortAnswer` defaults to true for them.
 */
export const bestEffortProtocols: readonly string[] = ['xml'];

/** `protocol`: the resolved protocol's name, which picks protocol-dependent defaults. */
export function resolvePolicies(options: AgentOptions, protocol?: string): Policies {
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
    bestEffortAnswer:
      options.bestEffortAnswer ?? (protocol !== undefined && bestEffortProtocols.includes(protocol) ? true : defaultPolicies.bestEffortAnswer),
    stream: options.stream ?? defaultPolicies.stream,
    promptCache: options.promptCache ?? defaultPolicies.promptCache,
    temperature: options.temperature,
    maxOutputTokens: options.maxOutputTokens ?? modelDefault(options.model) ?? defaultPolicies.maxOutputTokens,
  };
  positive('maxSteps', policies.maxSteps, 1);
  positive('maxRetries', policies.maxRetries, 0);
  positive('maxTransportRetries', policies.maxTransportRetries, 0);
  positive('maxActionsPerTurn', policies.maxActionsPerTurn, 1);
  positive('loopThreshold', policies.loopThreshold, 2);
  positive('toolTimeoutMs', policies.toolTimeoutMs, 1);
  positive('maxTokens', policies.maxTokens, 1);
  positive('maxDurationMs', policies.maxDurationMs, 1);
  if (policies.temperature !== undefined) positive('temperature', policies.temperature, 0);
  positive('maxOutputTokens', policies.maxOutputTokens, 1);
  return policies;
}

/** The model's own per-turn default, when it declares a usable one. */
function modelDefault(model: AgentOptions['model'] | undefined): number | undefined {
  const declared = model?.defaultMaxOutputTokens;
  return typeof declared === 'number' && declared >= 1 ? Math.floor(declared) : undefined;
}

function positive(name: string, value: number, min: number): void {
  if (Number.isNaN(value) || value < min) throw new ConfigError(`Option ${name} must be a number >= ${min}; got ${value}.`);
}
