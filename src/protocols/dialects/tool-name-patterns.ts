/**
 * Patterns built from the offered tool names (`<(read_file|search)>`, `"name": "(read_file|search)"`),
 * kept for the last tool list seen: the loop offers the same tools turn after turn, so the source
 * text and the RegExp are built once instead of on every parse. The cache is checked name by name
 * against the list given (never by identity alone), so an edited list is never served stale patterns.
 */
import type { ToolSpec } from '../../spec/decision.ts';

/** Wraps `build` with a one-entry cache keyed by the tool names, in order. */
export function lastToolList<T>(build: (tools: readonly ToolSpec[]) => T): (tools: readonly ToolSpec[]) => T {
  let names: unknown[] | undefined;
  let built: T;
  return (tools) => {
    if (names !== undefined && sameNames(names, tools)) return built;
    built = build(tools);
    names = tools.map((tool) => tool.name);
    return built;
  };
}

function sameNames(names: readonly unknown[], tools: readonly ToolSpec[]): boolean {
  if (names.length !== tools.length) return false;
  for (let index = 0; index < names.length; index++) if (names[index] !== tools[index]?.name) return false;
  return true;
}

/** `text` with every RegExp syntax character escaped. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
