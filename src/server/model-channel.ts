/**
 * A channel over a reins `Model`, for clients without MCP sampling (deprecated from spec 2026-07-28,
 * SEP-2577). Tools and a response schema go through the Model's native mechanisms; a model without
 * native tools is wrapped by the text strategy in `choose-channel.ts`.
 */
import type { JsonSchema } from '../spec/decision.ts';
import type { FinishReason, Model } from '../spec/model.ts';
import type { ChannelReply, ChannelRequest, SamplingChannel } from './sampling-channel.ts';
import { readArguments } from './to-sampling-messages.ts';
import type { SampleToolCall } from './types.ts';

/** Model finish reasons in MCP's `stopReason` vocabulary. */
const stopReasons: Record<FinishReason, string> = {
  stop: 'endTurn',
  length: 'maxTokens',
  'tool-calls': 'toolUse',
  'content-filter': 'contentFilter',
  error: 'error',
  other: 'other',
};

/** The schema without its `$schema` dialect URI: it tells a provider nothing, and strict validators refuse it. */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/**
 * A structured reply goes through the Model's native response format (`responseSchema`: OpenAI
 * `json_schema`, Anthropic structured outputs, Gemini `responseJsonSchema`, Ollama `format`), seed 001's
 * provider mapping; over MCP sampling it can only be a forced tool (`mcp-sampling-channel.ts`).
 */
export function modelChannel(model: Model): SamplingChannel {
  return {
    async send(request: ChannelRequest): Promise<ChannelReply> {
      const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
      const response = await model.generate({
        messages: request.messages,
        maxTokens: request.maxTokens,
        ...(request.system ? { system: request.system } : {}),
        ...(tools ? { tools, toolChoice: request.toolChoice ?? 'auto' } : {}),
        ...(request.responseSchema ? { responseSchema: withoutDialect(request.responseSchema) } : {}),
        ...(request.constraint ? { constraint: request.constraint } : {}),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      const argumentProblems = new Map<SampleToolCall, string>();
      const toolCalls = response.toolCalls.map((call) => {
        const { value, problem } = readArguments(call.arguments);
        const sampled: SampleToolCall = { id: call.id, name: call.name, arguments: value };
        if (problem !== undefined) argumentProblems.set(sampled, problem);
        return sampled;
      });
      return {
        text: response.text,
        toolCalls,
        model: response.modelId,
        stopReason: stopReasons[response.finishReason],
        ...(argumentProblems.size > 0 ? { argumentProblems } : {}),
      };
    },
  };
}
