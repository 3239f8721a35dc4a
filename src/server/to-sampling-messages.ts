/**
 * reins messages -> MCP `SamplingMessage`s (spec 2025-11-25): assistant tool calls become `tool_use`
 * blocks, and each run of `tool` messages becomes one user message made only of `tool_result` blocks.
 */
import type { SamplingMessage, SamplingMessageContentBlock } from '@modelcontextprotocol/server';
import { readJson, isRecord } from '../protocols/extract/read-json.ts';
import type { SampleMessage } from './types.ts';

/** Tool call arguments as an object; a raw string is read leniently, else kept under `_raw`. */
export function argumentsObject(args: Record<string, unknown> | string): Record<string, unknown> {
  return readArguments(args).value;
}

/**
 * `argumentsObject`, with why a raw string is no JSON object as written (the guard's words: a key
 * written twice, a value the repair could only guess, ...) when it is kept under `_raw`.
 */
export function readArguments(args: Record<string, unknown> | string): { value: Record<string, unknown>; problem?: string } {
  if (typeof args !== 'string') return { value: args };
  const reading = readJson(args);
  if (reading.ok && isRecord(reading.value)) return { value: reading.value };
  return { value: { _raw: args }, problem: reading.ok ? 'the arguments are not a JSON object' : reading.message };
}

function single(blocks: SamplingMessageContentBlock[]): SamplingMessage['content'] {
  return blocks.length === 1 ? (blocks[0] as SamplingMessageContentBlock) : blocks;
}

export function toSamplingMessages(messages: readonly SampleMessage[]): SamplingMessage[] {
  const out: SamplingMessage[] = [];
  let results: SamplingMessageContentBlock[] = [];
  const flushResults = () => {
    if (results.length > 0) out.push({ role: 'user', content: single(results) });
    results = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      results.push({
        type: 'tool_result',
        toolUseId: message.toolCallId,
        content: [{ type: 'text', text: message.content }],
        ...(message.isError ? { isError: true } : {}),
      });
      continue;
    }
    flushResults();
    if (message.role === 'user') {
      out.push({ role: 'user', content: { type: 'text', text: message.content } });
      continue;
    }
    const calls = message.toolCalls ?? [];
    const blocks: SamplingMessageContentBlock[] = [];
    if (message.content !== '' || calls.length === 0) blocks.push({ type: 'text', text: message.content });
    for (const call of calls) {
      blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call.arguments) });
    }
    out.push({ role: 'assistant', content: single(blocks) });
  }
  flushResults();
  return out;
}
