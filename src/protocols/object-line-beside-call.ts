/**
 * A JSON object standing alone on its lines beside calls read (invariant 1): `click(1, 2)` then
 * `{"type": "press", "key": "enter"}` on the next line. The object is no prose (no sentence writes a
 * line that is only an object with keys); it is a second step in a shape no reader read, a call's
 * arguments, or data the model meant to send. Running only the calls read would drop it, so the reply
 * is corrected instead. Only the prose before the first call and after the last counts: between
 * calls stands the block their reader read, whose entries it judged (vLLM's MiniMax reader skips a
 * `{"name": ..}` with no arguments inside `<tool_calls>`). An object inside a sentence, in inline code
 * or a fence of its own stays the prose's (an example, a value quoted); so does an empty object.
 */
import { isRecord } from './extract/read-json.ts';
import { codeRanges, isInCode } from './extract/code-ranges.ts';
import type { ReadFailure, Reading } from './reading.ts';
import { callAttemptHint } from './dialects/find-call-attempt.ts';

/** A line holding only `{..}` (space around it allowed). */
const objectLine = /^[ \t]*(\{.*\})[ \t]*\r?$/gm;

/** True when `source` is strict JSON for an object with at least one key. */
function holdsKeys(source: string): boolean {
  try {
    const value: unknown = JSON.parse(source);
    return isRecord(value) && Object.keys(value).length > 0;
  } catch {
    return false;
  }
}

/** A line of `text` before the first call read or after the last that is a JSON object with keys; undefined when none is. */
export function objectLineBesideCall(text: string, reading: Reading): ReadFailure | undefined {
  const spans = reading.spans ?? [];
  if (spans.length === 0) return undefined;
  const code = text.includes('`') ? codeRanges(text) : [];
  const first = Math.min(...spans.map(([from]) => from));
  const last = Math.max(...spans.map(([, to]) => to));
  for (const match of text.matchAll(objectLine)) {
    const start = match.index + match[0].indexOf('{');
    const end = start + (match[1] ?? '').length;
    const between = start >= first && end <= last;
    if (between || isInCode(code, start)) continue;
    if (!holdsKeys(match[1] ?? '')) continue;
    return { kind: 'no-decision', message: 'the reply holds a JSON object on a line of its own beside the call(s) read: write every call in one form, or leave the object out', details: [callAttemptHint] };
  }
  return undefined;
}
