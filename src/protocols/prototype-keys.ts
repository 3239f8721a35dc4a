/**
 * Keys that name an object's prototype machinery. A tool handler that merges or indexes its arguments
 * with them can change every object of its process, so a call is refused with a correction where its
 * arguments hold `__proto__` at any depth, or `constructor` / `prototype` as an argument name, unless
 * the tool's schema declares that exact argument (then the caller asked for it). Deeper down,
 * `constructor` and `prototype` are data (a document about prototypes), as any other key.
 */
import type { ToolSpec } from '../spec/decision.ts';
import { isRecord } from './extract/read-json.ts';

/** True when `value` holds an own `__proto__` key at any depth (bounded by the nesting limit). */
function holdsProtoKey(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) if (holdsProtoKey(value[index], depth + 1)) return true;
    return false;
  }
  if (Object.hasOwn(value, '__proto__')) return true;
  const record = value as Record<string, unknown>;
  for (const key in record) if (holdsProtoKey(record[key], depth + 1)) return true;
  return false;
}

/** The prototype key `args` holds that `tool` does not declare, or undefined. One pass over the argument names. */
export function undeclaredPrototypeKey(tool: ToolSpec, args: unknown): string | undefined {
  if (!isRecord(args)) return undefined;
  for (const key in args) {
    if ((key === '__proto__' || key === 'constructor' || key === 'prototype') && !declares(tool, key)) return key;
    // Deeper down only `__proto__` is refused.
    const value = args[key];
    if (typeof value === 'object' && value !== null && holdsProtoKey(value, 1)) return '__proto__';
  }
  return undefined;
}

function declares(tool: ToolSpec, key: string): boolean {
  const properties = tool.inputSchema.properties;
  return isRecord(properties) && Object.hasOwn(properties, key);
}
