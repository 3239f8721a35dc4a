/**
 * A JSON object that writes a key twice (`{"name": "read", "path": "a", "path": "b"}`) is refused by
 * the guard (`extract/duplicate-keys.ts`), so no reader reads it; where it names an offered tool it
 * is still a call attempt, and must not become the answer either (issue 25: coverage). Its value as
 * `JSON.parse` keeps it (each key's last value) serves only to see the tool it names, never to run.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { duplicateKey } from '../../tools/duplicate-key.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord } from '../extract/read-json.ts';

/** Keys under which call shapes name their tool (compared without case). */
const nameKeys = new Set(['name', 'tool_name', 'tool', 'function', 'action', 'function_name', 'command']);

/** The offered tool `value` names: under a name key, or as a key holding its arguments object. */
function namedTool(value: unknown, offered: ReadonlySet<string>, depth: number): string | undefined {
  if (depth > 4) return undefined;
  const items = Array.isArray(value) ? value : isRecord(value) ? Object.entries(value) : [];
  for (const item of items) {
    if (Array.isArray(value)) {
      const found = namedTool(item, offered, depth + 1);
      if (found !== undefined) return found;
      continue;
    }
    const [key, inner] = item as [string, unknown];
    if (nameKeys.has(key.toLowerCase()) && typeof inner === 'string' && offered.has(inner.trim())) return inner.trim();
    if (offered.has(key) && isRecord(inner)) return key;
    const found = namedTool(inner, offered, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The offered tool a JSON object of `text` that writes a key twice names, or undefined. */
export function duplicateKeyCall(text: string, tools: readonly ToolSpec[]): string | undefined {
  if (tools.length === 0 || !text.includes('{')) return undefined;
  const offered = new Set(tools.map((tool) => tool.name).filter((name) => name !== ''));
  for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
    if (!span.complete) continue;
    let value: unknown;
    try {
      value = JSON.parse(span.text);
    } catch {
      continue; // damaged as well: the readers' own corrections apply
    }
    if (duplicateKey(span.text, value) === undefined) continue;
    const found = namedTool(value, offered, 0);
    if (found !== undefined) return found;
  }
  return undefined;
}
