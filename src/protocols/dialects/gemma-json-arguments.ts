/**
 * Gemma 4 arguments written as one JSON object inside the call's braces: `call:get_time{{"hours": 24}}`,
 * as node-llama-cpp's Gemma 4 chat wrapper renders calls and models prompted by it write them. In the
 * native syntax a key never starts with `{`, so a `{` right after the opening brace has one reading:
 * the JSON object is the arguments. It is read with the one guard (`readJson`) and must be closed and
 * followed by the call's own `}`; cut off or followed by anything else, the call is an error, never a
 * guess at where the arguments end.
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord, readJson } from '../extract/read-json.ts';

/** The same shape as `GemmaRead` (`gemma-arguments.ts`, which calls this reader). */
export type WrappedJsonRead = { ok: true; value: Record<string, unknown>; end: number; repaired: boolean } | { ok: false; message: string };

const inner = /\{\s*(?=\{)/y;
const outerClose = /\s*\}/y;

/** The arguments when the object at `start` wraps one JSON object (`{{..}}`); undefined when it does not. */
export function readWrappedJsonArguments(text: string, start: number): WrappedJsonRead | undefined {
  inner.lastIndex = start;
  if (!inner.exec(text)) return undefined;
  const open = inner.lastIndex;
  const end = closingBracketIndex(text, open);
  if (end < 0) return { ok: false, message: 'the JSON object of the arguments is never closed (the call is cut off)' };
  const json = readJson(text.slice(open, end));
  if (!json.ok) return { ok: false, message: `the JSON arguments cannot be read: ${json.message}` };
  if (!isRecord(json.value)) return { ok: false, message: 'the JSON arguments must be one object' };
  outerClose.lastIndex = end;
  if (!outerClose.exec(text)) return { ok: false, message: end >= text.length ? 'expected } after the JSON arguments (the call is cut off)' : 'expected } after the JSON arguments' };
  return { ok: true, value: json.value, end: outerClose.lastIndex, repaired: json.repaired };
}
