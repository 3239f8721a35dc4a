/**
 * Positional text parameters -> typed arguments, by the input schema's property order and types
 * (seed 004's `FUNCTION_CALL: tool|p1|p2`). Each value is read by `coerceText` (a flat comma list may
 * be an array, as the `line` protocol documents); a value that fits no declared type stays the text,
 * so strict validation refuses it with the precise path and type.
 */
import type { JsonSchema } from '../spec/decision.ts';
import { coerceText, type CoerceTextOptions } from './coerce-text.ts';
import { schemaTypes } from './schema-types.ts';

export type CoercedArgs = { ok: true; args: Record<string, unknown> } | { ok: false; details: string[] };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The property names of an object schema, in declaration order. */
export function propertyOrder(schema: JsonSchema): string[] {
  return isObject(schema.properties) ? Object.keys(schema.properties) : [];
}

/** Declared types of a property schema, including those of `anyOf`/`oneOf` members; `[]` when any type goes. */
export function declaredTypes(schema: unknown): string[] {
  return schemaTypes(schema) ?? [];
}

/** Converts one text value by `schema` (see `coerceText`); a text that fits no type is returned unchanged, for validation to report. */
export function coerceValue(text: string, schema: unknown, options: Pick<CoerceTextOptions, 'repairJson' | 'refuseJson'> = {}): unknown {
  const read = coerceText(text, schema, options);
  return read.ok ? read.value : text;
}

/** Maps positional `params` onto the schema's properties; empty params are omitted (a skipped optional). */
export function coercePositionalArgs(params: readonly string[], schema: JsonSchema, options: Pick<CoerceTextOptions, 'repairJson' | 'refuseJson'> = {}): CoercedArgs {
  const names = propertyOrder(schema);
  const given = params.map((param) => param.trim());
  while (given.length > names.length && given.at(-1) === '') given.pop();
  if (given.length > names.length) {
    const expected = names.length ? `${names.length} (${names.join(', ')})` : 'none';
    return { ok: false, details: [`expected at most ${expected} params, got ${given.length}`] };
  }
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const args: Record<string, unknown> = {};
  const refused: string[] = [];
  given.forEach((text, index) => {
    const name = names[index] as string;
    if (text === '') return;
    const read = coerceText(text, properties[name], { ...options, commaLists: true });
    if (!read.ok && read.refused) refused.push(`param ${index + 1} (${name}): ${read.reason}`);
    args[name] = read.ok ? read.value : text;
  });
  return refused.length > 0 ? { ok: false, details: refused } : { ok: true, args };
}
