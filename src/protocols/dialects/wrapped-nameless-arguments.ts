/**
 * A reply that is one call object with its name left out, its arguments still under a call's
 * arguments key:
 *
 *   {"arguments": {"path": "/notes.txt"}}
 *   {"parameters": {"city": "Oslo", "unit": "celsius"}}
 *
 * The key is call framing and every argument is a declared parameter of an offered tool, so the
 * object is a call whose tool the model forgot, whether or not that tool requires anything (bare
 * arguments need a required parameter to tell them from data, `nameless-arguments.ts`; here the
 * wrapper tells). It is corrected, never returned as the answer, and the tool is never guessed. An
 * empty `{"parameters": {}}` stays an answer (vLLM's Llama 3 reader returns it as text: nothing in it
 * is any tool's), and so does an object holding a key no offered tool declares or any key beside the
 * arguments one but call metadata (`id`, `type`, `call_id`, ..: `{"arguments": {..}, "note": ..}` is
 * data). One fence around the object is the model's wrapping.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { callArgumentKeys } from './call-object.ts';
import { isNamelessCall } from './nameless-call-object.ts';
import { unfenced } from './nameless-arguments.ts';

/** Whether `tool` declares every key of `args`. */
function declaresAll(tool: ToolSpec, args: Record<string, unknown>): boolean {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  return isRecord(properties) && Object.keys(args).every((key) => Object.hasOwn(properties, key));
}

/** A failure naming the tools whose arguments the reply's one wrapped, nameless call object holds, or undefined. */
export function wrappedNamelessArguments(text: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  const body = unfenced(text);
  if (!body.startsWith('{') || !body.endsWith('}')) return undefined;
  const json = readJson(body);
  if (!json.ok || !isRecord(json.value)) return undefined;
  // Only a call's framing: its arguments key, and metadata an API adds (`id`, `type`, ..); no name.
  if (!isNamelessCall(json.value)) return undefined;
  const key = Object.keys(json.value).find((name) => (callArgumentKeys as readonly string[]).includes(name)) ?? '';
  const args = json.value[key];
  if (!isRecord(args) || Object.keys(args).length === 0) return undefined;
  const names = tools.filter((tool) => declaresAll(tool, args)).map((tool) => `\`${sanitizeName(tool.name)}\``);
  if (names.length === 0) return undefined;
  return { kind: 'no-decision', message: `the reply holds arguments of ${names.slice(0, 5).join(' or ')} under \`${sanitizeName(key)}\` but names no tool: write the whole call, naming its tool` };
}
