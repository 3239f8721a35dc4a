/**
 * Maps AI SDK provider results (LanguageModelV4 content, finish reason, usage) back to reins' Model types.
 */
import type {
  LanguageModelV4GenerateResult,
  LanguageModelV4FinishReason,
  LanguageModelV4ToolCall,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { FinishReason, ModelResponse, ModelToolCall, Usage } from '../spec/model.ts';
import { duplicateKey } from '../tools/duplicate-key.ts';

/** A whole generate result as a reins response (`modelId` when the provider reports none). */
export function fromGenerateResult(result: LanguageModelV4GenerateResult, modelId: string): ModelResponse {
  let text = '';
  let toolCalls: ModelToolCall[] | undefined;
  for (const part of result.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool-call' && !part.providerExecuted) {
      const call = fromToolCall(part);
      if (toolCalls) toolCalls.push(call);
      else toolCalls = [call];
    }
  }
  return {
    text,
    toolCalls: toolCalls ?? [],
    finishReason: fromFinishReason(result.finishReason),
    usage: fromUsage(result.usage),
    modelId: result.response?.modelId ?? modelId,
    ...(result.response?.id ? { responseId: result.response.id } : {}),
  };
}

/**
 * A provider tool call with its JSON input parsed. Input that is no JSON object, or that writes a key
 * twice in one object (`{"path": "a", "path": "b"}`, at any depth: `JSON.parse` would keep the last
 * value silently), is kept as the raw string: whoever reads the call (the native codec, through the
 * guard of `read-json.ts`) refuses it with a correction naming the key, so the call never runs.
 */
export function fromToolCall(call: LanguageModelV4ToolCall): ModelToolCall {
  return { id: call.toolCallId, name: call.toolName, arguments: parseToolArguments(call.input) };
}

function parseToolArguments(input: string): Record<string, unknown> | string {
  if (input.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    return input;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return input;
  return duplicateKey(input, value) === undefined ? (value as Record<string, unknown>) : input;
}

/** `interrupted` (the stream ended without a completion signal) has no reins equivalent: `other`. */
export function fromFinishReason(reason: LanguageModelV4FinishReason): FinishReason {
  return reason.unified === 'interrupted' ? 'other' : reason.unified;
}

/** The provider's usage, its cache and reasoning details kept where it reports them. */
export function fromUsage(usage: LanguageModelV4Usage): Usage {
  const result: Usage = { inputTokens: usage.inputTokens.total ?? 0, outputTokens: usage.outputTokens.total ?? 0 };
  const { cacheRead, cacheWrite } = usage.inputTokens;
  if (cacheRead !== undefined) result.cacheReadTokens = cacheRead;
  if (cacheWrite !== undefined) result.cacheWriteTokens = cacheWrite;
  if (usage.outputTokens.reasoning !== undefined) result.reasoningTokens = usage.outputTokens.reasoning;
  return result;
}
