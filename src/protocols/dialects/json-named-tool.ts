/**
 * A JSON object that names an offered tool under a call key and carries an object beside it, in a
 * spelling no reader knows,
 *
 *   {"tool": "get_weather", "with": {"city": "Oslo"}}
 *   {"command": {"name": "get_weather", "args": {"city": "Oslo"}}}
 *
 * is a call attempt, corrected, never the answer: returned as text it would hide the call the model
 * meant, and reading its object as the arguments would guess which key holds them. The object may
 * sit anywhere inside the JSON value (AutoGPT nests its call under `command`). JSON quoted as code
 * stays talk about a call (`unquotedJson`), and so does an object naming a tool with nothing beside
 * it but text or a JSON Schema (a tool's definition).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { isRecord } from '../extract/read-json.ts';
import { findNamedTool, type NamedToolRule } from './find-named-tool.ts';

/**
 * Keys that name the tool of a call: a call word (`name`, `tool`, `function`, `action`, `command`,
 * `call`, `recipient`), alone, after a qualifier (`command_name`, `toolName`) or before `name`
 * (`tool_name`). Agent formats spell this key freely (MetaGPT writes `command_name`); any of them
 * beside an object is a call attempt.
 */
const callKey = /^(?:[a-z]+[_-]?)?(?:name|tool|function|action|command|call|recipient)(?:[_-]?name)?$/i;

/** A tool definition's JSON Schema beside its name (`"parameters": {"type": "object", ..}`): no arguments. */
function isSchema(key: string, field: Record<string, unknown>): boolean {
  return /^(?:parameters|input_?schema|schema)$/i.test(key) && (field.type === 'object' || isRecord(field.properties));
}

/** An object naming a tool beside an object of its own (checked first), anywhere in the value down to the fourth level: calls sit near the top of a reply's JSON. */
const namedBesideObject: NamedToolRule = {
  maxDepth: 4,
  innerFirst: false,
  inner: (record) => Object.values(record),
  named(record, offered) {
    const entries = Object.entries(record);
    const named = entries.find(([key, field]) => callKey.test(key) && typeof field === 'string' && offered.has(field));
    if (named && entries.some(([key, field]) => key !== named[0] && isRecord(field) && !isSchema(key, field))) return named[1] as string;
    return undefined;
  },
};

/** The offered tool a JSON call in an unknown spelling names, or undefined. */
export function jsonNamedTool(text: string, tools: readonly ToolSpec[]): string | undefined {
  return findNamedTool(text, tools, namedBesideObject);
}
