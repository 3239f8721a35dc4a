/**
 * The one search behind the JSON call-attempt checks (`named-tool-object.ts`, `json-named-tool.ts`):
 * each JSON value of a reply outside code (`unquotedJson`) is walked, through lists and objects down
 * to a depth, for an object naming an offered tool as a call. A rule says which object names a tool
 * by itself and which of its values may hold calls; the walk, the depth bound and the reading of the
 * reply's JSON are the same for every rule.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { unquotedJson } from '../extract/code-ranges.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { isRecord, readJson } from '../extract/read-json.ts';

/** Which JSON objects name a tool as a call, and where calls may sit inside one. */
export interface NamedToolRule {
  /** The deepest nesting searched (the value itself is depth 0; each list or object entered adds one). */
  maxDepth: number;
  /** The offered tool `record` names as a call by itself, or undefined. */
  named(record: Record<string, unknown>, offered: ReadonlySet<string>): string | undefined;
  /** The values of `record` that may hold calls, searched in order. */
  inner(record: Record<string, unknown>): readonly unknown[];
  /** True when the calls inside an object are looked for before the object itself. */
  innerFirst: boolean;
}

/** The first offered tool `value` names as a call under `rule` (itself, in a list, or inside an object), or undefined. */
function namedIn(value: unknown, rule: NamedToolRule, offered: ReadonlySet<string>, depth: number): string | undefined {
  if (depth > rule.maxDepth) return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = namedIn(item, rule, offered, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (!rule.innerFirst) {
    const own = rule.named(value, offered);
    if (own !== undefined) return own;
  }
  for (const item of rule.inner(value)) {
    const found = namedIn(item, rule, offered, depth + 1);
    if (found !== undefined) return found;
  }
  return rule.innerFirst ? rule.named(value, offered) : undefined;
}

/** The offered tool a JSON value of `text` names as a call under `rule`, or undefined when none does. */
export function findNamedTool(text: string, tools: readonly ToolSpec[], rule: NamedToolRule): string | undefined {
  // A key and its value are joined by a colon (`callAttemptNeeds`): without one there is no JSON
  // object to read, only one a repair would invent.
  if (!text.includes('{') || !text.includes(':')) return undefined;
  const offered = new Set(tools.map((tool) => tool.name).filter((name) => name !== ''));
  if (offered.size === 0) return undefined;
  for (const span of findJsonSpans(text).filter(unquotedJson(text))) {
    const json = readJson(span.text);
    const found = json.ok ? namedIn(json.value, rule, offered, 0) : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
