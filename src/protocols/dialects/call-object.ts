/**
 * What every reader of a JSON call object (`{"name": .., "arguments": {..}}`) checks before it runs:
 * - the object is complete: a call cut off before its closing brace is a correction, never repaired
 *   into a call with the arguments the text happened to hold (`{"name": "f", "parameters": {`);
 * - it holds no key beside its name, its arguments and call metadata (`id`, `type`): a key such as
 *   `"content"` after `"arguments"` belongs to no argument, and dropping it would run another call
 *   than the one written.
 */
import type { ReadFailure } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

/** Keys a call object may hold besides its arguments: the call's name and the metadata APIs add. */
const callKeys = new Set(['name', 'id', 'type', 'call_id', 'tool_call_id', 'index']);

/** The keys of `call` that are neither its name, its metadata nor `argumentKey`. */
function strayKeys(call: Record<string, unknown>, argumentKey: string | undefined): string[] {
  return Object.keys(call).filter((key) => key !== argumentKey && !callKeys.has(key));
}

/** The correction for a call of `written` whose JSON object is cut off before it closes. */
export function cutOffCall(written: string): ReadFailure {
  const name = sanitizeName(written);
  return { kind: 'no-decision', message: `the call of \`${name}\` is cut off before its JSON object closes: resend the whole call`, toolName: name };
}

/** A failure when `call` (read from JSON, `complete` as found in the text) may not run; undefined when it may. */
export function callObjectProblem(call: Record<string, unknown>, argumentKey: string | undefined, complete: boolean): ReadFailure | undefined {
  const name = sanitizeName(String(call.name ?? call.tool_name ?? call.function ?? ''));
  if (!complete) return cutOffCall(name);
  const stray = strayKeys(call, argumentKey);
  if (stray.length === 0) return undefined;
  const keys = stray.slice(0, 5).map((key) => `\`${sanitizeName(key)}\``).join(', ');
  return { kind: 'invalid-args', message: `the call of \`${name}\` holds ${keys} beside its arguments: put every argument inside "${argumentKey ?? 'arguments'}"`, toolName: name };
}
