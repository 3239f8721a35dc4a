/**
 * A JSON object that names an offered tool under a call's name key is a call attempt, whatever its
 * shape: `{"action": "get_time"}`, `{"Action": "get_time"}`, `{"function": {"name": "get_time"}}`,
 * `{"tool_call": {..}}` or `{"tool_calls": [..]}` around such an object. When no reader took it, it
 * must not become the answer: answered, it would hide the call the model made (issue 25, coverage).
 *
 * Only objects made of call keys count (a name key, argument keys, a thought, call metadata), so JSON
 * data that mentions a tool's name beside other fields (`{"name": "search", "description": ..}`) and
 * a tool definition echoed (`parameters` holding a JSON Schema) stay an answer. Objects quoted as code are talk about a call and skipped.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';
import { findNamedTool, type NamedToolRule } from './find-named-tool.ts';

/** Keys that name the tool in the call shapes models write (compared without case). */
const nameKeys = new Set(['name', 'tool_name', 'tool', 'function', 'action', 'function_name']);
/** Keys a call object holds besides its name: its arguments, a thought, metadata. */
const otherCallKeys = new Set(['arguments', 'parameters', 'args', 'input', 'params', 'action_input', 'tool_input', 'thought', 'reason', 'id', 'type', 'call_id', 'index']);
/** Keys that wrap calls: one call object, or a list of them. */
const wrapperKeys = new Set(['tool_call', 'tool_calls', 'function_call', 'function', 'calls']);

const lowerCased = (record: Record<string, unknown>) => Object.entries(record).map(([key, item]) => [key.toLowerCase(), item] as const);

/** A call object made of call keys only, or a wrapper around calls (searched first, three levels deep). */
const callObject: NamedToolRule = {
  maxDepth: 3,
  innerFirst: true,
  inner: (record) => lowerCased(record).flatMap(([key, item]) => (wrapperKeys.has(key) && (isRecord(item) || Array.isArray(item)) ? [item] : [])),
  named(record, offered) {
    const entries = lowerCased(record);
    if (!entries.every(([key]) => nameKeys.has(key) || otherCallKeys.has(key) || wrapperKeys.has(key))) return undefined;
    // `{"name", "parameters": {"type": "object", ..}}` is a tool definition (a JSON Schema), not a call.
    if (isRecord(record.parameters) && ('type' in record.parameters || 'properties' in record.parameters)) return undefined;
    for (const [key, item] of entries) {
      if (nameKeys.has(key) && typeof item === 'string' && offered.has(item.trim())) return item.trim();
    }
    return undefined;
  },
};

/** The name of the offered tool a JSON call object in `text` names, or undefined when there is none. */
export function namedToolObject(text: string, tools: readonly ToolSpec[]): string | undefined {
  return findNamedTool(text, tools, callObject);
}
