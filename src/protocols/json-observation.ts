/**
 * Observations for the JSON-based and line protocols: one line of JSON,
 * `{"tool"?: .., "isError"?: true, "content": "..", "structuredContent"?: ..}` (`tool` only when the call is given).
 * Tool output only ever appears inside JSON strings (or nested values), on a single line, and the
 * markers other dialects look for (`<tool_call>`, `<tool_code>`, `[TOOL_CALLS]`, `<|python_tag|>`)
 * are unicode-escaped, so no reader can take tool output for a decision.
 */
import type { ToolResult } from '../tools/toolbox.ts';
import { describeToolResult } from './describe-tool-result.ts';
import { sanitizeName } from './sanitize.ts';

const markerCharacter = /[<>[]/;

/** `<`, `>` and `[TOOL_CALLS]` occur in JSON text only inside strings, so escaping them keeps it valid. */
export function escapeJsonMarkers(json: string): string {
  // Every marker holds `<`, `>` or `[`: most observations hold none and are returned as they are.
  if (!markerCharacter.test(json)) return json;
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\[TOOL_CALLS\]/g, '\\u005bTOOL_CALLS]');
}

/** The last tool name and its sanitized form: a run calls the same few tools over and over. */
let lastTool = '';
let lastSafeTool = sanitizeName('');

/** `sanitizeName(tool)`, remembered for the last name (a pure function of the string). */
function safeTool(tool: string): string {
  if (typeof tool !== 'string') return sanitizeName(tool);
  if (tool !== lastTool) {
    lastSafeTool = sanitizeName(tool);
    lastTool = tool;
  }
  return lastSafeTool;
}

export function jsonObservation(result: ToolResult, call?: { tool: string }): string {
  const described = describeToolResult(result);
  const body: Record<string, unknown> = call?.tool === undefined ? {} : { tool: safeTool(call.tool) };
  if (described.isError) body.isError = true;
  body.content = described.text;
  if (described.structured !== undefined) body.structuredContent = described.structured;
  return escapeJsonMarkers(JSON.stringify(body));
}
