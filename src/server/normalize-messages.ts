/**
 * `messages` as given -> reins messages. Seed 001's own example writes the OpenAI chat shape
 * (`tool_calls: [{ id, type: 'function', function: { name, arguments } }]`, `tool_call_id`), with
 * `arguments` an object or a JSON string; reins messages may leave a tool result's `toolName` out.
 * Both are accepted: calls become `toolCalls` with object arguments (a JSON string is read leniently;
 * text that is no JSON object is kept under `_raw`), and a result without a name takes the name of the
 * call it answers. Balance is checked afterwards; a message of neither shape throws `SampleConfigError`.
 */
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { isRecord } from '../protocols/extract/read-json.ts';
import { argumentsObject } from './to-sampling-messages.ts';
import type { SampleInputMessage, SampleMessage, SampleToolCall } from './types.ts';

/** Name given to a result whose call is nowhere in the history (the balance check then reports it). */
const unknownToolName = 'unknown_tool';

function invalid(index: number, what: string): never {
  throw new SampleConfigError(`messages[${index}]: ${what}.`, { reason: 'invalid-option' });
}

function openAiCalls(calls: unknown, index: number): SampleToolCall[] {
  if (!Array.isArray(calls)) invalid(index, '`tool_calls` must be an array');
  return calls.map((call: unknown) => {
    const fn = isRecord(call) ? call.function : undefined;
    if (!isRecord(call) || typeof call.id !== 'string' || !isRecord(fn) || typeof fn.name !== 'string') {
      return invalid(index, 'each of `tool_calls` needs `id` and `function: { name, arguments }`');
    }
    const args = typeof fn.arguments === 'string' || isRecord(fn.arguments) ? fn.arguments : {};
    return { id: call.id, name: fn.name, arguments: argumentsObject(args) };
  });
}

function reinsCalls(calls: unknown, index: number): SampleToolCall[] {
  if (calls === undefined) return [];
  if (!Array.isArray(calls)) invalid(index, '`toolCalls` must be an array');
  return calls.map((call: unknown) => {
    if (!isRecord(call) || typeof call.id !== 'string' || typeof call.name !== 'string') {
      return invalid(index, 'each of `toolCalls` needs `id`, `name` and `arguments`');
    }
    const args = typeof call.arguments === 'string' || isRecord(call.arguments) ? call.arguments : {};
    return { id: call.id, name: call.name, arguments: argumentsObject(args) };
  });
}

function textOf(content: unknown, index: number): string {
  if (content === undefined || content === null) return '';
  if (typeof content !== 'string') invalid(index, '`content` must be a string');
  return content;
}

export function normalizeMessages(messages: readonly SampleInputMessage[]): SampleMessage[] {
  const callNames = new Map<string, string>();
  return messages.map((message, index): SampleMessage => {
    const raw = message as unknown as Record<string, unknown>;
    if (!isRecord(raw)) invalid(index, 'a message must be an object');
    if (raw.role === 'user') return { role: 'user', content: textOf(raw.content, index) };
    if (raw.role === 'assistant') {
      const calls = 'tool_calls' in raw ? openAiCalls(raw.tool_calls, index) : reinsCalls(raw.toolCalls, index);
      for (const call of calls) callNames.set(call.id, call.name);
      const content = textOf(raw.content, index);
      return calls.length > 0 ? { role: 'assistant', content, toolCalls: calls } : { role: 'assistant', content };
    }
    if (raw.role === 'tool') {
      const id = raw.toolCallId ?? raw.tool_call_id;
      if (typeof id !== 'string') invalid(index, 'a tool message needs `toolCallId` (or `tool_call_id`)');
      const toolName = typeof raw.toolName === 'string' ? raw.toolName : (callNames.get(id) ?? unknownToolName);
      return {
        role: 'tool',
        toolCallId: id,
        toolName,
        content: textOf(raw.content, index),
        ...(raw.isError === true ? { isError: true } : {}),
      };
    }
    return invalid(index, `unknown role ${JSON.stringify(raw.role)} (user, assistant or tool)`);
  });
}
