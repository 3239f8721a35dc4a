/**
 * The corrective turn added after a rejected reply, keeping the history balanced (spec rule): the reply
 * is recorded as the assistant turn; every tool call in it is answered by an error tool result that
 * carries the correction; a reply without tool calls is followed by a user message with the correction.
 */
import { placeholderToolName, toProviderToolName } from '../tools/tool-names.ts';
import type { ChannelReply } from './sampling-channel.ts';
import type { SampleMessage, SampleToolCall } from './types.ts';

export function correctionTurns(
  reply: ChannelReply,
  correction: string,
  /** A specific message for one call; the general correction otherwise. */
  perCall: (call: SampleToolCall) => string = () => correction,
): SampleMessage[] {
  const calls = [...(reply.structuredCall ? [reply.structuredCall.call] : []), ...reply.toolCalls];
  if (calls.length === 0) {
    return [
      { role: 'assistant', content: reply.text },
      { role: 'user', content: correction },
    ];
  }
  // Tool names from the model are echoed into the history only in a provider-safe form.
  const safeCalls = calls.map((call) => ({ ...call, name: toProviderToolName(call.name) }));
  return [
    { role: 'assistant', content: reply.text, toolCalls: safeCalls },
    ...calls.map((call, index) => ({
      role: 'tool' as const,
      toolCallId: call.id,
      toolName: safeCalls[index]?.name ?? placeholderToolName,
      content: perCall(call),
      isError: true,
    })),
  ];
}
