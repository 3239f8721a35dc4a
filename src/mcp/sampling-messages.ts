/**
 * Maps MCP `sampling/createMessage` (spec 2025-11-25, with `tools`/`toolChoice`) to a reins
 * `ModelRequest` and the `ModelResponse` back: `tool_use` blocks <-> `ModelToolCall`,
 * `tool_result` blocks <-> `tool` messages.
 */
import {
  ProtocolError,
  ProtocolErrorCode,
  type ContentBlock,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type SamplingMessageContentBlock,
  type ToolUseContent,
} from '@modelcontextprotocol/client';
import { describeContent } from '../protocols/describe-content.ts';
import { duplicateKeyMessage } from '../protocols/extract/duplicate-keys.ts';
import type { ToolSpec } from '../spec/decision.ts';
import type { FinishReason, ModelMessage, ModelRequest, ModelResponse, ToolChoice } from '../spec/model.ts';
import { duplicateKey } from '../tools/duplicate-key.ts';
import type { ToolContent } from '../tools/toolbox.ts';

/** Text for a content block the model interface cannot carry as is (images, audio, resources). */
function describeBlock(block: ContentBlock | SamplingMessageContentBlock): string {
  return describeContent(block as ToolContent);
}

function toolResultText(block: Extract<SamplingMessageContentBlock, { type: 'tool_result' }>): string {
  const parts = block.content.map(describeBlock).filter((text) => text.length > 0);
  if (parts.length === 0 && block.structuredContent !== undefined) return JSON.stringify(block.structuredContent);
  return parts.join('\n');
}

function toModelMessages(params: CreateMessageRequestParams): ModelMessage[] {
  const toolNames = new Map<string, string>();
  const messages: ModelMessage[] = [];
  for (const message of params.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    const text = blocks
      .filter((block) => block.type !== 'tool_use' && block.type !== 'tool_result')
      .map(describeBlock)
      .join('\n');
    if (message.role === 'assistant') {
      const uses = blocks.filter((block): block is ToolUseContent => block.type === 'tool_use');
      for (const use of uses) toolNames.set(use.id, use.name);
      const toolCalls = uses.map((use) => ({ id: use.id, name: use.name, arguments: use.input }));
      messages.push(toolCalls.length > 0 ? { role: 'assistant', content: text, toolCalls } : { role: 'assistant', content: text });
      continue;
    }
    for (const block of blocks) {
      if (block.type !== 'tool_result') continue;
      const toolName = toolNames.get(block.toolUseId) ?? 'unknown';
      const content = toolResultText(block);
      messages.push(
        block.isError
          ? { role: 'tool', toolCallId: block.toolUseId, toolName, content, isError: true }
          : { role: 'tool', toolCallId: block.toolUseId, toolName, content },
      );
    }
    if (text.length > 0 || !blocks.some((block) => block.type === 'tool_result')) messages.push({ role: 'user', content: text });
  }
  return messages;
}

function toToolChoice(params: CreateMessageRequestParams): ToolChoice | undefined {
  return params.toolChoice?.mode;
}

export function toModelRequest(params: CreateMessageRequestParams, signal?: AbortSignal): ModelRequest {
  const tools: ToolSpec[] | undefined = params.tools?.map((tool) => ({
    name: tool.name,
    description: tool.description ?? tool.title,
    inputSchema: tool.inputSchema as ToolSpec['inputSchema'],
    ...(tool.annotations ? { annotations: tool.annotations } : {}),
  }));
  const request: ModelRequest = { messages: toModelMessages(params), maxTokens: params.maxTokens, signal };
  if (params.systemPrompt) request.system = params.systemPrompt;
  if (params.temperature !== undefined) request.temperature = params.temperature;
  if (tools && tools.length > 0) request.tools = tools;
  const toolChoice = toToolChoice(params);
  if (toolChoice) request.toolChoice = toolChoice;
  return request;
}

function stopReason(finishReason: FinishReason): string {
  if (finishReason === 'length') return 'maxTokens';
  if (finishReason === 'tool-calls') return 'toolUse';
  if (finishReason === 'stop') return 'endTurn';
  return finishReason;
}

/**
 * A model's call arguments as a `tool_use` input. A string is what the adapter could not read as one
 * object as written (`ModelToolCall.arguments`): unparseable, or a key written twice, whose last value
 * `JSON.parse` would keep silently; either is refused, never sent as a guessed reading.
 */
function toolInput(args: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof args !== 'string') return args;
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    parsed = undefined; // reported below
  }
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  const twice = isObject ? duplicateKey(args, parsed) : undefined;
  if (isObject && twice === undefined) return parsed as Record<string, unknown>;
  // A wire error: the SDK sends it back to the server as the JSON-RPC error of the request.
  const why = twice === undefined ? 'that are not a JSON object' : `in which ${duplicateKeyMessage(twice)}`;
  throw new ProtocolError(ProtocolErrorCode.InternalError, `The model returned tool arguments ${why}: ${args.slice(0, 200)}`);
}

/** With tools offered, the result may carry `tool_use` blocks; without, it is one text block (spec). */
export function toSamplingResult(
  response: ModelResponse,
  withTools: boolean,
): CreateMessageResult | CreateMessageResultWithTools {
  if (!withTools) {
    return { model: response.modelId, role: 'assistant', content: { type: 'text', text: response.text }, stopReason: stopReason(response.finishReason) };
  }
  const uses: SamplingMessageContentBlock[] = response.toolCalls.map((call) => ({
    type: 'tool_use',
    id: call.id,
    name: call.name,
    input: toolInput(call.arguments),
  }));
  const content: SamplingMessageContentBlock[] = response.text || uses.length === 0 ? [{ type: 'text', text: response.text }, ...uses] : uses;
  return {
    model: response.modelId,
    role: 'assistant',
    content,
    stopReason: uses.length > 0 ? 'toolUse' : stopReason(response.finishReason),
  };
}
