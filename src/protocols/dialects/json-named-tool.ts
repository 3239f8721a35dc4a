/**
 * A JSON object that names an offered tool under a call key and carries an object beside it, in a
 * spelling no reader knows,
 *
 *   {"tool": "get_weather", "tool_input": {"city": "Oslo"}}
 *   {"command": {"name": "get_weather", "args": {"city": "Oslo"}}}
 *
 * is a call attempt, corrected, never the answer: returned as text it would hide the call the model
 * meant, and reading its object as the arguments would guess which key holds them. The object may
 * sit anywhere inside the JSON value (AutoGPT nests its call under `command`). JSON quoted as code
 * stays talk about a call (`unquotedJson`), and so does an object naming a tool with nothing beside
 * it but text or a JSON Schema (a tool's definition).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';

/**
 * Keys that name the tool of a call: a call word (`name`, `tool`, `function`, `action`, `command`,
 * `call`, `recipient`), alone, after a qualifier (`command_name`, `toolName`) or before `name`
 * (`tool_name`). Agent formats spell this key freely (MetaGPT writes `command_name`); any of them
 * beside an object is a call attempt.
 */
const callKey = /^(?:[a-z]+[_-]?)?(?:name|tool|function|action|command|call|recipient)(?:[_-]?name)?$/i;

/** The deepest JSON nesting searched: calls sit near the top of a reply's JSON. */
const maxDepth = 4;

/** A tool definition's JSON Schema beside its name (`"parameters": {"type": "object", ..}`): no arguments. */
function isSchema(key: string, field: Record<string, unknown>): boolean {
  return /^(?:parameters|input_?schema|schema)$/i.test(key) && (field.type === 'object' || isRecord(field.properties));
}

function namedTool(value: unknown, offered: ReadonlySet<string>, depth: number): string | undefined {
  if (depth > maxDepth) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = namedTool(item, offered, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value);
  const named = entries.find(([key, field]) => callKey.test(key) && typeof field === 'string' && offered.has(field));
  if (named && entries.some(([key, field]) => key !== named[0] && isRecord(field) && !isSchema(key, field))) return named[1] as string;
  for (const [, field] of entries) {
    const found = namedTool(field, offered, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The offered tool a JSON call in an unknown spelling names, or undefined. */
export function jsonNamedTool(text: string, tools: readonly ToolSpec[]): string | undefined {
  // A key and its value are joined by a colon: without one there is no JSON object to read, only one a repair would invent.
  if (!text.includes('{') || !text.includes(':')) return undefined;
  const offered = new Set(tools.map((tool) => tool.name).filter((name) => name !== ''));
  if (offered.size === 0) return undefined;
  for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
    const json = readJson(span.text);
    const found = json.ok ? namedTool(json.value, offered, 0) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
