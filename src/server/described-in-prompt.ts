/**
 * The text strategy, for a channel that cannot carry tools natively (MCP sampling without
 * `sampling.tools`, or a Model without native tool calling): tools and the reply schema are described
 * in the system prompt with a reins codec, tool calls and results in the history are rendered as
 * text, and the reply is parsed back into tool calls with the same codec (lenient, then strict).
 */
import { randomUUID } from 'node:crypto';
import type { JsonSchema } from '../decision.ts';
import type { Codec } from '../protocols/codec.ts';
import type { ChannelReply, ChannelRequest, SamplingChannel } from './sampling-channel.ts';
import type { SampleMessage } from './types.ts';

function schemaInstructions(schema: JsonSchema): string {
  const { $schema: _dialect, ...rest } = schema;
  return `Reply with one JSON value that matches this JSON Schema, and nothing else:\n${JSON.stringify(rest)}`;
}

/** Renders tool calls and results as text turns of `codec`, merging consecutive turns of one role. */
export function renderHistory(messages: readonly SampleMessage[], codec: Codec): SampleMessage[] {
  const out: { role: 'user' | 'assistant'; content: string }[] = [];
  const push = (role: 'user' | 'assistant', content: string) => {
    const last = out.at(-1);
    if (last && last.role === role) last.content = `${last.content}\n\n${content}`;
    else out.push({ role, content });
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      const result = { content: [{ type: 'text' as const, text: message.content }], ...(message.isError ? { isError: true } : {}) };
      push('user', codec.observation(result, { tool: message.toolName }));
    } else if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      const decisions = message.toolCalls.map((call) => ({
        action: 'call_tool' as const,
        tool: call.name,
        args: typeof call.arguments === 'string' ? {} : call.arguments,
        reason: '',
      }));
      push('assistant', codec.render({ decisions }));
    } else push(message.role, message.content);
  }
  return out;
}

export function describedInPrompt(inner: SamplingChannel, codec: Codec): SamplingChannel {
  return {
    async send(request: ChannelRequest): Promise<ChannelReply> {
      const tools = request.toolChoice === 'none' ? [] : (request.tools ?? []);
      const rules: string[] = [];
      if (tools.length > 0) {
        rules.push(codec.instructions(tools));
        if (request.toolChoice === 'required') rules.push('In this turn you must call one of the tools.');
      }
      if (request.responseSchema) rules.push(schemaInstructions(request.responseSchema));
      const system = [request.system, ...rules].filter((part) => part && part !== '').join('\n\n');
      const reply = await inner.send({
        ...request,
        messages: renderHistory(request.messages, codec),
        tools: undefined,
        toolChoice: undefined,
        responseSchema: undefined,
        ...(system === '' ? {} : { system }),
      });
      if (tools.length === 0) return reply;
      const parsed = codec.parse(reply.text, { tools, maxActions: tools.length });
      if (!parsed.success) return { ...reply, toolCalls: [], problem: codec.correction(parsed.error, tools) };
      const toolCalls = parsed.decisions.flatMap((decision) =>
        decision.action === 'call_tool'
          ? [{ id: `call_${randomUUID().slice(0, 8)}`, name: decision.tool, arguments: decision.args }]
          : [],
      );
      return { ...reply, toolCalls, ...(toolCalls.length === 0 ? { problem: 'You answered without calling a tool.' } : {}) };
    },
  };
}
