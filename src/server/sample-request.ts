/**
 * One sampling round trip shared by `sample`, `sampleSchema` and `sampleTools`: the config is checked
 * and prepared once, then each attempt sends the (growing) history and returns the raw reply.
 */
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { outputSchema, type OutputSchema } from './output-schema.ts';
import { prepareTools, type PreparedTool } from './prepare-tools.ts';
import { initialMessages } from './sample-history.ts';
import type { SamplingBackend } from './sampling-backend.ts';
import type { ChannelReply, ChannelRequest } from './sampling-channel.ts';
import type {
  SampleInputMessage,
  SampleMessage,
  SampleOptionsBase,
  SampleResult,
  SamplingToolChoice,
  SamplingToolDefinition,
} from './types.ts';

/** Any variant's config, as it arrives at run time (types are not trusted there). */
export interface AnySampleConfig extends SampleOptionsBase {
  prompt?: string;
  messages?: readonly SampleInputMessage[];
  schema?: unknown;
  jsonSchema?: Record<string, unknown>;
  tools?: readonly SamplingToolDefinition[];
  toolChoice?: SamplingToolChoice;
  retries?: number;
}

export interface PreparedSample {
  messages: SampleMessage[];
  request: Omit<ChannelRequest, 'messages'>;
  tools?: PreparedTool[];
  schema?: OutputSchema;
}

export function prepareSample(backend: SamplingBackend, config: AnySampleConfig): PreparedSample {
  if (config.schema !== undefined && config.tools !== undefined) throw SampleConfigError.schemaAndTools();
  const messages = initialMessages(config);
  const tools = config.tools ? prepareTools(config.tools) : undefined;
  const schema = config.schema === undefined ? undefined : outputSchema(config.schema, config.jsonSchema);
  const signal = config.signal ?? backend.signal;
  const request: PreparedSample['request'] = {
    maxTokens: config.maxTokens ?? backend.maxTokens,
    ...(config.systemPrompt ? { system: config.systemPrompt } : {}),
    ...(config.modelPreferences ? { modelPreferences: config.modelPreferences } : {}),
    ...(config.temperature === undefined ? {} : { temperature: config.temperature }),
    ...(signal ? { signal } : {}),
    ...(tools ? { tools: tools.map((tool) => tool.spec), toolChoice: config.toolChoice ?? 'auto' } : {}),
    ...(schema ? { responseSchema: schema.jsonSchema } : {}),
  };
  return { messages, request, ...(tools ? { tools } : {}), ...(schema ? { schema } : {}) };
}

export function sendAttempt(backend: SamplingBackend, prepared: PreparedSample, messages: SampleMessage[]): Promise<ChannelReply> {
  return backend.channel.send({ ...prepared.request, messages });
}

/**
 * The reply as a history turn, balanced by construction. Tool calls stay only when tools were offered
 * (the author answers them, seed 001's multi-turn flow); otherwise they are dropped: with a schema the
 * model may add calls beside the forced `structured_output` one, and nobody would answer them. A
 * forced structured call is recorded as its JSON, so the turn needs no answer either.
 */
function replyTurn(reply: ChannelReply, keepCalls: boolean): SampleMessage {
  if (keepCalls && reply.toolCalls.length > 0) return { role: 'assistant', content: reply.text, toolCalls: reply.toolCalls };
  if (reply.structuredCall) return { role: 'assistant', content: JSON.stringify(reply.structuredCall.value) };
  return { role: 'assistant', content: reply.text };
}

export function baseResult(
  backend: SamplingBackend,
  prepared: PreparedSample,
  reply: ChannelReply,
  messages: SampleMessage[],
): SampleResult {
  return {
    text: reply.text,
    model: reply.model,
    ...(reply.stopReason === undefined ? {} : { stopReason: reply.stopReason }),
    messages: [...messages, replyTurn(reply, prepared.tools !== undefined)],
    backend: backend.name,
  };
}
