/**
 * The text strategy, for a channel that cannot carry tools natively (MCP sampling without
 * `sampling.tools`, or a Model without native tool calling): tools and the reply schema are described
 * in the system prompt with a reins codec, tool calls and results in the history are rendered as
 * text, and the reply is parsed back into tool calls with the same codec (lenient, then strict). Calls
 * with invalid arguments come back as given, like native tool calls (see `readCalls`).
 */
import { randomUUID } from 'node:crypto';
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import type { Codec, ParseResult } from '../protocols/codec.ts';
import { isRecord } from '../protocols/extract/read-json.ts';
import type { ChannelReply, ChannelRequest, SamplingChannel } from './sampling-channel.ts';
import type { SampleMessage } from './types.ts';

function schemaInstructions(schema: JsonSchema): string {
  const { $schema: _dialect, ...rest } = schema;
  return `Reply with one JSON value that matches this JSON Schema, and nothing else:\n${JSON.stringify(rest)}`;
}

/** Renders tool calls and results as text turns of `codec`, merging consecutive turns of one role. */
function renderHistory(messages: readonly SampleMessage[], codec: Codec): SampleMessage[] {
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

/** The tools with every argument constraint lifted: same names and property order, any values. */
function relaxed(tools: readonly ToolSpec[]): ToolSpec[] {
  return tools.map((tool) => {
    const properties = isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : {};
    return { ...tool, inputSchema: { type: 'object', properties: Object.fromEntries(Object.keys(properties).map((key) => [key, {}])) } };
  });
}

/**
 * The calls in the text. Strict first (a codec may repair arguments by the schema); a call whose
 * arguments do not validate is then read again without constraints and returned as the model gave it,
 * as MCP sampling with native tools does: `sample` does not validate arguments, `sampleTools` does.
 */
function readCalls(codec: Codec, text: string, tools: readonly ToolSpec[]): ParseResult {
  const strict = codec.parse(text, { tools, maxActions: tools.length });
  if (strict.success || strict.error.kind !== 'invalid-args') return strict;
  const loose = codec.parse(text, { tools: relaxed(tools), maxActions: tools.length });
  return loose.success ? loose : strict;
}

export interface DescribedInPromptOptions {
  /**
   * The inner channel carries a response schema natively (a Model's response format, which needs no
   * tool calling): a schema-only request keeps `responseSchema` as well as the prompt's description.
   * @default false (MCP sampling has no response-format field)
   */
  nativeSchema?: boolean;
}

export function describedInPrompt(inner: SamplingChannel, codec: Codec, options: DescribedInPromptOptions = {}): SamplingChannel {
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
      // The shape of a valid reply, for a model that samples under a grammar: the codec's decision
      // grammar with these tools (answers closed only when a call is required), or the response schema alone.
      const constraint =
        tools.length > 0
          ? codec.constraint?.(tools, { requireToolCall: request.toolChoice === 'required' })
          : request.responseSchema
            ? { pattern: { kind: 'json' as const, schema: request.responseSchema } }
            : undefined;
      const reply = await inner.send({
        ...request,
        messages: renderHistory(request.messages, codec),
        tools: undefined,
        toolChoice: undefined,
        responseSchema: options.nativeSchema && tools.length === 0 ? request.responseSchema : undefined,
        ...(constraint ? { constraint } : {}),
        ...(system === '' ? {} : { system }),
      });
      if (tools.length === 0) return reply;
      const parsed = readCalls(codec, reply.text, tools);
      if (!parsed.success) return { ...reply, toolCalls: [], problem: codec.correction(parsed.error) };
      const toolCalls = parsed.decisions.flatMap((decision) =>
        decision.action === 'call_tool'
          ? [{ id: `call_${randomUUID().slice(0, 8)}`, name: decision.tool, arguments: decision.args }]
          : [],
      );
      return { ...reply, toolCalls, ...(toolCalls.length === 0 ? { problem: 'You answered without calling a tool.' } : {}) };
    },
  };
}
