/**
 * A JSON object whose only key is an offered tool's name and whose value is an object (its
 * arguments): `{"search": {"query": "x"}}`, the items of browser-use's action list
 * (`{"current_state": {..}, "action": [{"go_to_url": {"url": ".."}}, {"click_element": {"index": 3}}]}`),
 * the shape json-call-shapes reads inside a wrapper token only. Anywhere else, in a list or under any
 * key, no reader reads it, and as the answer it would hide the calls the model made: it is a call
 * attempt (issue 25, coverage). An object keyed by a tool's name that holds a tool definition or a
 * JSON Schema (`properties`, `parameters`, `"type": "object"`) is a tool list echoed, not a call.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';
import { findNamedTool, type NamedToolRule } from './find-named-tool.ts';

const isDefinition = (value: Record<string, unknown>): boolean => 'properties' in value || 'parameters' in value || value.type === 'object';

const toolKeyed: NamedToolRule = {
  maxDepth: 4,
  innerFirst: false,
  inner: (record) => Object.values(record).filter((item) => isRecord(item) || Array.isArray(item)),
  named(record, offered) {
    const [key, ...others] = Object.keys(record);
    if (key === undefined || others.length > 0 || !offered.has(key)) return undefined;
    const args = record[key];
    return isRecord(args) && !isDefinition(args) ? key : undefined;
  },
};

/** The offered tool a tool-keyed JSON object in `text` names, or undefined when there is none. */
export function toolKeyedObject(text: string, tools: readonly ToolSpec[]): string | undefined {
  return findNamedTool(text, tools, toolKeyed);
}
