/**
 * What every reader of a JSON call object (`{"name": .., "arguments": {..}}`) checks before it runs:
 * - the object is complete: a call cut off before its closing brace is a correction, never repaired
 *   into a call with the arguments the text happened to hold (`{"name": "f", "parameters": {`);
 * - it holds no key beside its name, its arguments and call metadata (`id`, `type`, `index`, ...): a
 *   key such as `"content"` after `"arguments"` belongs to no argument, and dropping it would run
 *   another call than the one written.
 * The OpenAI shape has two more levels, each with its own framing (`openAiFramingProblem`): the tool
 * call around `function` (metadata only), and a message around `tool_calls` or `function_call` (its
 * `role` and `content`, the message's text, which is prose beside the calls).
 */
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

/**
 * The keys a JSON call object holds its arguments under, in every reader (`arguments` as OpenAI and
 * Hermes write it, `parameters` as Llama 3, `args`, `input` and `params` as agents and JSON-RPC do).
 */
export const callArgumentKeys = ['arguments', 'parameters', 'args', 'input', 'params'] as const;

/** `tool_args`, `function_arguments`, `toolInput`: the arguments under a qualified key, as the name may be (`tool_name`). */
const qualifiedArgumentKey = /^(?:tool|function|command)[_-]?(?:args|arguments|input|params|parameters)$/i;

/** The key `call` holds its arguments under: one of `callArgumentKeys`, else a qualified one; undefined when none. */
export function argumentKeyOf(call: Record<string, unknown>): string | undefined {
  return callArgumentKeys.find((key) => key in call) ?? Object.keys(call).find((key) => qualifiedArgumentKey.test(key));
}

/** Call metadata APIs add beside a call's name and arguments: no argument. */
export const callMetadataKeys: ReadonlySet<string> = new Set(['id', 'type', 'call_id', 'tool_call_id', 'index']);

/** Keys beside `function` in an OpenAI tool call (`{"id", "type": "function", "function": {..}}`). */
const toolCallFraming = new Set([...callMetadataKeys, 'function']);
/** Keys beside `tool_calls` or `function_call` in an assistant message. */
const messageFraming = new Set(['role', 'content', 'id', 'tool_calls', 'function_call']);

const listed = (keys: readonly string[]) => keys.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');

/**
 * Anthropic's cache breakpoint on a content block (`"cache_control": {"type": "ephemeral"}`, or
 * null): a `tool_use` block leaked into text keeps it beside `input`, and it is no argument.
 */
const isCacheControl = (key: string, value: unknown): boolean =>
  key === 'cache_control' && (value === null || (typeof value === 'object' && !Array.isArray(value) && typeof (value as { type?: unknown }).type === 'string'));

/** The keys of `call` that are neither its name (`nameKey`), its metadata nor `argumentKey`. */
function strayKeys(call: Record<string, unknown>, argumentKey: string | undefined, nameKey: string): string[] {
  return Object.keys(call).filter((key) => key !== argumentKey && key !== nameKey && !callMetadataKeys.has(key) && !isCacheControl(key, call[key]));
}

/** The correction for a call of `written` whose JSON object is cut off before it closes. */
export function cutOffCall(written: string): ReadFailure {
  const name = sanitizeName(written);
  return { kind: 'no-decision', message: `the call of \`${name}\` is cut off before its JSON object closes: resend the whole call`, toolName: name };
}

/**
 * A failure when `call` (read from JSON, `complete` as found in the text) may not run; undefined when
 * it may. `nameKey` is the key naming the tool (`name`, `tool_name` or `function`).
 */
export function callObjectProblem(call: Record<string, unknown>, argumentKey: string | undefined, complete: boolean, nameKey = 'name'): ReadFailure | undefined {
  const name = sanitizeName(String(call[nameKey] ?? call.name ?? call.tool_name ?? call.function ?? ''));
  if (!complete) return cutOffCall(name);
  const stray = strayKeys(call, argumentKey, nameKey);
  if (stray.length === 0) return undefined;
  return { kind: 'invalid-args', message: `the call of \`${name}\` holds ${listed(stray)} beside its arguments: put every argument inside "${argumentKey ?? 'arguments'}"`, toolName: name };
}

/**
 * A failure when an OpenAI-shape object holds a key its level does not frame: `level` is `tool-call`
 * (the object holding `function`) or `message` (the object holding `tool_calls` or `function_call`);
 * `name` names the call (or the first call) for the correction.
 */
export function openAiFramingProblem(object: Record<string, unknown>, level: 'tool-call' | 'message', name: string): ReadFailure | undefined {
  const framing = level === 'tool-call' ? toolCallFraming : messageFraming;
  // A message's `content` is its text (prose beside the calls), never a value of another kind.
  const text = (key: string) => key !== 'content' || object.content === null || typeof object.content === 'string';
  const stray = Object.keys(object).filter((key) => !framing.has(key) || !text(key));
  if (stray.length === 0) return undefined;
  const toolName = sanitizeName(name);
  const where = level === 'tool-call' ? `beside "function" in the call of \`${toolName}\`` : `beside the tool calls (with \`${toolName}\`)`;
  return { kind: 'invalid-args', message: `the reply holds ${listed(stray)} ${where}, which no call reads: put every argument inside "arguments"`, toolName };
}
