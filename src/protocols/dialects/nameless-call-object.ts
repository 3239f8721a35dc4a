/**
 * A reply that is one OpenAI tool call naming no tool:
 *
 *   {"type": "function", "function": {"arguments": {"city": "Oslo"}}}
 *   {"id": "call_1", "type": "function", "function": {"parameters": {}}}
 *
 * Every key is a tool call's framing (`type: "function"`, `id`, `function`) and the `function`
 * object holds only its arguments and metadata, so it is a call whose tool the model forgot, not
 * the model's own data: it is corrected, never returned as the answer. An object with any other key
 * stays an answer, and so does a bare `{"parameters": {}}` (vLLM's Llama 3 reader returns it as
 * text: no framing says it is a call). Which tool was meant is never guessed
 * (`nameless-arguments.ts` names the tools that arguments alone would fit).
 */
import { isRecord, readJson } from '../extract/read-json.ts';
import type { ReadFailure } from '../reading.ts';
import { callArgumentKeys, callMetadataKeys } from './call-object.ts';

const argumentKeys: ReadonlySet<string> = new Set(callArgumentKeys);

/** True when `value` is a call object's framing and arguments with no name. */
export function isNamelessCall(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.some((key) => argumentKeys.has(key)) && keys.every((key) => argumentKeys.has(key) || callMetadataKeys.has(key));
}

/** A failure for a reply that is one nameless OpenAI tool call (one fence around it allowed), or undefined. */
export function namelessCallObject(text: string): ReadFailure | undefined {
  const body = text.trim().replace(/^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/, '$1').trim();
  if (!body.startsWith('{') || !body.endsWith('}')) return undefined;
  const json = readJson(body);
  if (!json.ok || json.repaired || !isRecord(json.value)) return undefined;
  const call = json.value;
  const framed = call.type === 'function' && isRecord(call.function) && Object.keys(call).every((key) => key === 'function' || callMetadataKeys.has(key));
  if (!framed || !isNamelessCall(call.function as Record<string, unknown>)) return undefined;
  return { kind: 'no-decision', message: 'the reply is a tool call that names no tool: write the call with the name of an offered tool, or answer in plain text' };
}
