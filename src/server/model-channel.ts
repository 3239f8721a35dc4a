/**
 * A channel over a reins `Model`, for clients without MCP sampling (deprecated from spec 2026-07-28,
 * SEP-2577). Tools and a response schema go through the Model's native mechanisms; a model without
 * native tools is wrapped by the text strategy in `choose-channel.ts`.
 */
import type { FinishReason, Model } from '../spec/model.ts';
import type { ChannelReply, ChannelRequest, SamplingChannel } from './sampling-channel.ts';
import { argumentsObject } from './to-sampling-messages.ts';

/** Model finish reasons in MCP's `stopReason` vocabulary. */
const stopReasons: Record<FinishReason, string> = {
  stop: 'endTurn',
  length: 'maxTokens',
  'tool-calls': 'toolUse',
  'content-filter': 'contentFilter',
  error: 'error',
  other: 'other',
};

export function modelChannel(model: Model): SamplingChannel {
  return {
    async send(request: ChannelRequest): Promise<ChannelReply> {
      const tools = request.tools && request.tools.length > 0 ? request.tools : undefined;
      const response = await model.generate({
        messages: request.messages,
        maxTokens: request.maxTokens,
        ...(request.system ? { system: request.system } : {}),
        ...(tools ? { tools, toolChoice: request.toolChoice ?? 'auto' } : {}),
        ...(request.responseSchema ? { responseSchema: request.responseSchema } : {}),
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.signal ? { signal: request.signal } : {}),
      });
      return {
        text: response.text,
        toolCalls: response.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: argumentsObject(call.arguments) })),
        model: response.modelId,
        stopReason: stopReasons[response.finishReason],
      };
    },
  };
}
