/**
 * A channel over MCP `sampling/createMessage` (the SDK's `Server.createMessage`). Tools travel
 * natively (spec 2025-11-25, client capability `sampling.tools`); a structured reply is asked for as
 * one forced tool whose input schema is the reply's schema, and its arguments are the value. A
 * request the client refuses, lets time out or cannot serve throws `SamplingRequestError`.
 */
import type { CreateMessageRequestParams, RequestId, Server, Tool } from '@modelcontextprotocol/server';
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import type { ChannelReply, ChannelRequest, SamplingChannel } from './sampling-channel.ts';
import { toRequestError } from './request-error.ts';
import { toSamplingMessages } from './to-sampling-messages.ts';
import type { SampleToolCall } from './types.ts';

/** Name of the forced tool that carries a structured reply. */
export const structuredOutputTool = 'structured_output';

/** Non-object schemas ride under `value`, since a tool's input is always an object. */
function forcedTool(schema: JsonSchema): { spec: ToolSpec; unwrap: (args: Record<string, unknown>) => unknown } {
  const { $schema: _dialect, ...rest } = schema;
  const isObject = rest.type === 'object';
  const inputSchema = isObject ? rest : { type: 'object', properties: { value: rest }, required: ['value'] };
  return {
    spec: {
      name: structuredOutputTool,
      description: 'Give your answer by calling this tool: its input is your answer.',
      inputSchema,
    },
    unwrap: (args) => (isObject ? args : args.value),
  };
}

function toMcpTool(spec: ToolSpec): Tool {
  return {
    name: spec.name,
    inputSchema: spec.inputSchema as Tool['inputSchema'],
    ...(spec.description ? { description: spec.description } : {}),
  };
}

export interface McpSamplingChannelOptions {
  /** The tools/call request the sampling belongs to (routes it on that request's stream over HTTP). */
  relatedRequestId?: RequestId;
  /** Request timeout in milliseconds; sampling waits on a human and a model. @default 300000 */
  timeoutMs?: number;
}

export function mcpSamplingChannel(server: Server, options: McpSamplingChannelOptions = {}): SamplingChannel {
  return {
    async send(request: ChannelRequest): Promise<ChannelReply> {
      const forced = request.responseSchema ? forcedTool(request.responseSchema) : undefined;
      const tools = forced ? [forced.spec] : (request.tools ?? []);
      const toolChoice = forced ? 'required' : request.toolChoice;
      const params: CreateMessageRequestParams = {
        messages: toSamplingMessages(request.messages),
        maxTokens: request.maxTokens,
        ...(request.system ? { systemPrompt: request.system } : {}),
        ...(request.modelPreferences ? { modelPreferences: request.modelPreferences } : {}),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(tools.length > 0 ? { tools: tools.map(toMcpTool), toolChoice: { mode: toolChoice ?? 'auto' } } : {}),
      };
      const result = await server
        .createMessage(params, {
          signal: request.signal,
          timeout: options.timeoutMs ?? 300_000,
          ...(options.relatedRequestId === undefined ? {} : { relatedRequestId: options.relatedRequestId }),
        })
        .catch((error: unknown) => {
          throw toRequestError(error, 'sampling', request.signal);
        });
      const blocks = Array.isArray(result.content) ? result.content : [result.content];
      const text = blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const calls: SampleToolCall[] = blocks.flatMap((block) =>
        block.type === 'tool_use' ? [{ id: block.id, name: block.name, arguments: block.input }] : [],
      );
      const reply: ChannelReply = { text, toolCalls: calls, model: result.model, stopReason: result.stopReason };
      if (forced) {
        const call = calls.find((candidate) => candidate.name === structuredOutputTool);
        reply.toolCalls = calls.filter((candidate) => candidate !== call);
        if (call) reply.structuredCall = { call, value: forced.unwrap(call.arguments) };
      }
      return reply;
    },
  };
}
