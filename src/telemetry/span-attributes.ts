/**
 * The attributes of reins' spans, each set in one place: what a run's `invoke_agent` span says of
 * the agent, what a `chat` span says of its request and of the model's response (finish reason,
 * response id, usage). Facts about the content of a turn (repairs, corrections) stay with the
 * events that carry them (run-trace.ts).
 */
import type { Attributes } from '@opentelemetry/api';
import type { EventOf } from '../spec/events.ts';
import type { Usage } from '../spec/model.ts';
import { GenAi, Reins } from './gen-ai-attributes.ts';
import type { TracedAgent } from './telemetry-options.ts';

/** The run span's attributes: the agent, its model and where that model is called. */
export function agentAttributes(agent: TracedAgent, runId: string): Attributes {
  return {
    [GenAi.operationName]: 'invoke_agent',
    [GenAi.providerName]: agent.provider,
    [GenAi.requestModel]: agent.model,
    [GenAi.conversationId]: runId,
    ...(agent.agentName ? { [GenAi.agentName]: agent.agentName } : {}),
    ...serverAttributes(agent.endpoint),
  };
}

/** A `chat` span's attributes when the request is sent. */
export function chatRequestAttributes(agent: TracedAgent, event: EventOf<'model-request'>): Attributes {
  const attributes: Attributes = {
    [GenAi.operationName]: 'chat',
    [GenAi.providerName]: agent.provider,
    [GenAi.requestModel]: agent.model,
    [GenAi.conversationId]: event.runId,
    ...serverAttributes(agent.endpoint),
    [Reins.step]: event.step,
    [Reins.attempt]: event.attempt,
  };
  if (agent.agentName) attributes[GenAi.agentName] = agent.agentName;
  if (agent.temperature !== undefined) attributes[GenAi.requestTemperature] = agent.temperature;
  if (agent.maxTokens !== undefined) attributes[GenAi.requestMaxTokens] = agent.maxTokens;
  return attributes;
}

/** A `chat` span's attributes once the model answered. */
export function chatResponseAttributes(event: EventOf<'model-response'>): Attributes {
  const attributes: Attributes = { [GenAi.responseModel]: event.modelId, ...usageAttributes(event.usage) };
  if (event.finishReason) attributes[GenAi.finishReasons] = [event.finishReason];
  if (event.responseId) attributes[GenAi.responseId] = event.responseId;
  return attributes;
}

/**
 * The GenAI usage attributes, cache and reasoning details where the provider reported them. An
 * estimated usage (reins counted it) goes under `reins.usage.estimated.*` instead: the GenAI names
 * mean what the provider reported.
 */
export function usageAttributes(usage: Usage): Attributes {
  if (usage.estimated) return { [Reins.estimatedInputTokens]: usage.inputTokens, [Reins.estimatedOutputTokens]: usage.outputTokens };
  const attributes: Attributes = { [GenAi.inputTokens]: usage.inputTokens, [GenAi.outputTokens]: usage.outputTokens };
  if (usage.cacheReadTokens !== undefined) attributes[GenAi.cacheReadTokens] = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) attributes[GenAi.cacheWriteTokens] = usage.cacheWriteTokens;
  if (usage.reasoningTokens !== undefined) attributes[GenAi.reasoningTokens] = usage.reasoningTokens;
  return attributes;
}

/** `server.address` and `server.port` of the model's base URL (the scheme's default port when none is written). */
function serverAttributes(endpoint: string | undefined): Attributes {
  if (!endpoint) return {};
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return {};
  }
  const port = url.port ? Number(url.port) : ({ 'http:': 80, 'https:': 443 } as Record<string, number>)[url.protocol];
  return { [GenAi.serverAddress]: url.hostname.replace(/^\[(.*)\]$/, '$1'), ...(port ? { [GenAi.serverPort]: port } : {}) };
}
