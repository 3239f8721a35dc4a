/**
 * A JSON object that names an offered tool in one of its members, under any key, and otherwise holds
 * that tool's arguments, is a call attempt:
 *
 *   {"request": "file_exists", "filename": "notes.txt"}        (langroid's tool messages)
 *   {"function": "send_message", "params": {"message": "Hi"}}  (MemGPT's local-model calls)
 *
 * The key lists of the readers (`flat-call-object.ts`) and of the other safety nets
 * (`named-tool-object.ts`, `json-named-tool.ts`) cover the spellings seen; a spelling none lists must
 * not turn the call into the answer. So the rule goes by what the object holds, not by its keys: a
 * member whose string value is an offered tool's name, and beside it a parameter that tool declares,
 * or an object (the arguments under a key no reader knows). JSON data that mentions a tool's name
 * beside other fields (`{"name": "search", "description": ..}`, `{"status": "clock"}` alone) and a
 * tool definition (a JSON Schema beside the name) stay an answer, as does JSON quoted as code; a name
 * alone counts only under a name key (`named-tool-object.ts`).
 *
 * A JSON object cut off, or that cannot be read (garbage after a member), counts when its first
 * member names an offered tool: `{"function": "send_message", "params": {"message": "Hi", GARBAGE`.
 * A name is compared as written and with the backslashes markdown puts before `_` removed
 * (`send\_message`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { escapeRegExp, lastToolList } from '../reading.ts';
import { callMetadataKeys } from './call-object.ts';

/** `send\_message` as markdown escapes it: the name without the backslashes. */
const unescapedName = (written: string): string => written.trim().replace(/\\(?=_)/g, '');

/** A JSON Schema under a key (a tool definition's parameters): no arguments. */
const isSchema = (value: Record<string, unknown>): boolean => value.type === 'object' || isRecord(value.properties);

function declaredProperties(tool: ToolSpec): ReadonlySet<string> {
  const properties = tool.inputSchema?.properties;
  return new Set(isRecord(properties) ? Object.keys(properties) : []);
}

/**
 * The offered tool `value` (an object, or a list of objects) names as a call, or undefined. An object
 * of one key holding an object or a list is a wrapper around the calls (`{"tool_uses": [..]}`, as a
 * leaked `multi_tool_use.parallel` call writes them), looked into up to `wrapperDepth` levels.
 */
function namedCall(value: unknown, tools: readonly ToolSpec[], inList = false, wrapperDepth = 2): string | undefined {
  if (Array.isArray(value) && !inList) {
    for (const item of value) {
      const found = namedCall(item, tools, true, wrapperDepth);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter(([key]) => !callMetadataKeys.has(key.toLowerCase()));
  const [only, ...more] = entries;
  if (only && more.length === 0 && wrapperDepth > 0 && (isRecord(only[1]) || Array.isArray(only[1]))) return namedCall(only[1], tools, false, wrapperDepth - 1);
  for (const [key, field] of entries) {
    if (typeof field !== 'string') continue;
    const tool = tools.find((candidate) => candidate.name !== '' && candidate.name === unescapedName(field));
    if (!tool) continue;
    const declared = declaredProperties(tool);
    const others = entries.filter(([other]) => other !== key);
    const holdsArguments = others.some(([other, item]) => declared.has(other) || (isRecord(item) && !isSchema(item)));
    if (holdsArguments) return tool.name;
  }
  return undefined;
}

/** An unreadable object's start naming an offered tool in its first member (its key in any spelling). */
const firstMemberPattern = lastToolList((tools): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  if (names.length === 0) return undefined;
  const alternatives = names.map((name) => escapeRegExp(name).replace(/_/g, '\\\\?_')).join('|');
  return new RegExp(`^\\{\\s*["']?[\\w-]+["']?\\s*:\\s*["'](${alternatives})["']\\s*[,}]`);
});

/** The offered tool a JSON object in `text` names as a call under any key, or undefined. */
export function toolMemberObject(text: string, tools: readonly ToolSpec[]): string | undefined {
  // A member needs its colon: without one the text holds no JSON object naming a tool.
  if (!text.includes('{') || !text.includes(':')) return undefined;
  const pattern = firstMemberPattern(tools);
  if (!pattern) return undefined;
  for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
    const json = readJson(span.text);
    const found = json.ok ? namedCall(json.value, tools) : undefined;
    if (found !== undefined) return found;
    // A repair of a cut-off object reads only what was written before the cut.
    if (json.ok && span.complete) continue;
    const written = pattern.exec(span.text)?.[1];
    if (written !== undefined) return tools.find((tool) => tool.name === unescapedName(written))?.name;
  }
  return undefined;
}
