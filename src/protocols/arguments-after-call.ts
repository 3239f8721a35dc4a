/**
 * Arguments left beside a call (invariants 1 and 4): a call read with no arguments, right after which
 * the reply writes a JSON object (`[Tool call: search] (id=1)\nArguments: {"q": "x"}`, `tool_name
 * {"q": "x"}`), has two readings: a call with no arguments and an object in the prose, or the call's
 * arguments written in a form its reader does not take. Running it with `{}` would drop what the model
 * wrote, so the reply is corrected, naming the call. Only what stands right after the call counts:
 * a parenthesised note and one short label (`Arguments:`, `Input:`) may come before the object; an
 * object further on in the prose is the prose's own.
 */
import { findJsonSpans } from './extract/find-json-spans.ts';
import { isRecord, readJson } from './extract/read-json.ts';
import type { ReadFailure, Reading } from './reading.ts';
import { sanitizeName } from './sanitize.ts';

/** What may stand between a call and its arguments: space, one `(..)` note, one short label ending in `:`. */
const lead = /^\s*(?:\([^()\n]{0,80}\)\s*)?(?:[A-Za-z][\w -]{0,30}:\s*)?$/;

/** The tool an argument-less call item runs; undefined for any other item. */
function emptyCall(item: unknown): string | undefined {
  if (!isRecord(item) || item.action !== 'call_tool' || typeof item.tool !== 'string') return undefined;
  return isRecord(item.args) && Object.keys(item.args).length === 0 ? item.tool : undefined;
}

/** A failure when a call of `reading` read with no arguments has a JSON object with keys right after it; undefined otherwise. */
export function argumentsAfterCall(text: string, reading: Reading): ReadFailure | undefined {
  const spans = reading.spans;
  if (!spans || spans.length !== reading.items.length) return undefined;
  for (const [index, span] of spans.entries()) {
    const tool = emptyCall(reading.items[index]);
    if (tool === undefined) continue;
    const after = text.slice(span[1], spans[index + 1]?.[0] ?? text.length);
    const open = after.indexOf('{');
    if (open < 0 || !lead.test(after.slice(0, open))) continue;
    const object = findJsonSpans(after.slice(open))[0];
    if (!object || object.start !== 0) continue;
    const json = readJson(object.text);
    if (!json.ok || !isRecord(json.value) || Object.keys(json.value).length === 0) continue;
    const name = sanitizeName(tool);
    return {
      kind: 'invalid-args',
      message: `the call of \`${name}\` was read with no arguments, but a JSON object follows it: write its arguments inside the call`,
      toolName: name,
    };
  }
  return undefined;
}
