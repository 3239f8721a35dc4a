/**
 * Keys that name an object's prototype machinery. A tool handler that merges or indexes its arguments
 * with them can change every object of its process, so a call is refused with a correction where its
 * arguments hold `__proto__` at any depth, or `constructor` / `prototype` as an argument name, unless
 * the tool's schema declares that exact argument (then the caller asked for it). Deeper down,
 * `constructor` and `prototype` are data (a document about prototypes), as any other key.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { isRecord } from './extract/read-json.ts';

const topLevelKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** The first prototype key found in `value` (depth-first), or undefined. */
function findPrototypeKey(value: unknown, declared: Record<string, unknown> | undefined, depth: number): string | undefined {
  if (depth > 64) return undefined; // deeper values are refused by the value limits before this matters
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findPrototypeKey(item, undefined, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  for (const key of Object.keys(value)) {
    const refused = depth === 0 ? topLevelKeys.has(key) : key === '__proto__';
    if (refused && !(declared && Object.hasOwn(declared, key))) return key;
    const found = findPrototypeKey(value[key], undefined, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The prototype key `args` holds that `tool` does not declare, or undefined. */
export function undeclaredPrototypeKey(tool: ToolSpec, args: unknown): string | undefined {
  const properties = tool.inputSchema.properties;
  return findPrototypeKey(args, isRecord(properties) ? properties : undefined, 0);
}
