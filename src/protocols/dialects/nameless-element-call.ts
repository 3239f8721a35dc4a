/**
 * A call element whose JSON names no tool:
 *
 *   <tool>{"args": {"expression": "2 + 2"}}</tool>
 *   <function_call>{"arguments": {"city": "Oslo"}, "id": "1"}</function_call>
 *
 * The element is the model's call wrapper (named for a call as `call-named-element.ts` decides, or
 * just `tool`, `function` or `action`), and its body is a call's arguments with no name beside them
 * (only argument keys and call metadata, `nameless-call-object.ts`). It answers no user: it is a call
 * whose tool the model left out, so it is corrected, never returned as the answer with its markup.
 * Which tool was meant is never guessed. A body holding a name, a description or a schema (a tool
 * definition echoed: `{"parameters": {"type": "object", ..}}`) is no such call, and markup quoted as
 * code (`maskCode`) is talk about a call.
 */
import { isRecord, readJson } from '../extract/read-json.ts';
import type { ReadFailure } from '../reading.ts';
import { isCallElementName } from './call-named-element.ts';
import { argumentKeyOf } from './call-object.ts';
import { maskCode } from './mask-code.ts';
import { isNamelessCall } from './nameless-call-object.ts';

/** An element holding one JSON object: group 1 the name, group 2 the body. */
const jsonElement = /<([A-Za-z][\w:.-]{0,40})(?:\s[^<>]*)?>\s*(\{[\s\S]*?\})\s*<\/\1\s*>/g;

/** Names a call wrapper takes besides those `isCallElementName` knows. */
const plainWrapper = /^(?:tool|function|action)s?$/i;

/** True when `value` is a JSON Schema of an object: a tool's parameters declared, not passed. */
const isObjectSchema = (value: unknown): boolean => isRecord(value) && value.type === 'object' && isRecord(value.properties);

/** A failure for a call element in `text` whose JSON holds arguments but no tool name (its caller adds the hint), or undefined. */
export function namelessElementCall(text: string): ReadFailure | undefined {
  if (!text.includes('<') || !text.includes('{')) return undefined;
  const masked = maskCode(text);
  for (const match of masked.matchAll(jsonElement)) {
    const name = match[1] as string;
    if (!plainWrapper.test(name) && !isCallElementName(name)) continue;
    const json = readJson(match[2] as string);
    if (!json.ok || !isRecord(json.value) || !isNamelessCall(json.value)) continue;
    const argumentKey = argumentKeyOf(json.value);
    if (argumentKey !== undefined && isObjectSchema(json.value[argumentKey])) continue;
    const shown = name.replace(/[^\w:.-]/g, '?');
    return { kind: 'no-decision', message: `the reply holds a <${shown}> call that names no tool: write the call with the name of an offered tool, or answer in plain text` };
  }
  return undefined;
}
