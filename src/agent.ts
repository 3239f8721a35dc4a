/**
 * `createAgent` as `reins` exports it: the loop's agent with OpenTelemetry spans. With a global
 * tracer provider registered (the user's SDK), every run is traced with no configuration;
 * `telemetry.tracer` overrides it; `telemetry: false` leaves the agent untraced.
 */
import { createAgent as createLoopAgent, type Agent } from './loop/create-agent.ts';
import type { AgentOptions } from './loop/agent-options.ts';
import type { TelemetryOptions, TracedAgent } from './telemetry/telemetry-options.ts';
import { telemetryObserver } from './telemetry/telemetry-observer.ts';

/** `createAgent`'s options: the loop's, plus OpenTelemetry (`telemetry`). */
export interface TracedAgentOptions extends AgentOptions {
  /**
   * OpenTelemetry spans in the GenAI semantic conventions (`invoke_agent`, `chat {model}`,
   * `execute_tool {tool}`) through `@opentelemetry/api`; `false` turns them off.
   * @default {} (the global tracer provider; content not recorded)
   */
  telemetry?: TelemetryOptions | false;
}

/**
 * @example
 * const agent = createAgent({ model, tools: [add], protocol: 'json', telemetry: { tracer } });
 */
export function createAgent(options: TracedAgentOptions): Agent {
  const { telemetry = {}, ...rest } = options;
  if (telemetry === false) return createLoopAgent(rest);
  const { provider, modelId, endpoint } = options.model;
  const agent: TracedAgent = { provider, model: modelId };
  if (endpoint) agent.endpoint = endpoint;
  if (options.temperature !== undefined) agent.temperature = options.temperature;
  if (options.maxOutputTokens !== undefined) agent.maxTokens = options.maxOutputTokens;
  const observer = telemetryObserver(agent, telemetry);
  return createLoopAgent({ ...rest, observers: [...(rest.observers ?? []), observer] });
}
