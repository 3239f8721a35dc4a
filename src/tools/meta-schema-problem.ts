/**
 * Checks a schema against its dialect's meta-schema in time linear in its size. Ajv's own check
 * (when it compiles) tests draft-07's `enum: { uniqueItems: true }` by comparing every pair of
 * values (its items have no type, so no hashing): an application's enum of 100 000 values would
 * cost minutes. Here an enum longer than `pairwiseEnumItems` is checked for repeated values with
 * one Set (draft-07 only; 2020-12 allows repeats), and the meta-schema sees it cut to its first value.
 */
import type { Ajv } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../spec/decision.ts';
import { eachSubschema } from './each-subschema.ts';

/** Enums up to this length go to Ajv's meta-schema check whole. */
const pairwiseEnumItems = 64;

/** Why `schema` is not valid JSON Schema, in Ajv's words, or undefined when it is. */
export function metaSchemaProblem(ajv: Ajv | Ajv2020, schema: JsonSchema, options: { uniqueEnums: boolean }): string | undefined {
  const longEnums = new Set<unknown>();
  let repeated: string | undefined;
  eachSubschema(schema, (node, path) => {
    const values = node.enum;
    if (!Array.isArray(values) || values.length <= pairwiseEnumItems) return;
    longEnums.add(values);
    if (options.uniqueEnums && repeated === undefined && hasRepeats(values)) repeated = `data${path.replaceAll('/', '.')}.enum must NOT have duplicate items`;
  });
  if (repeated) return `schema is invalid: ${repeated}`;
  const shown = longEnums.size === 0 ? schema : (JSON.parse(JSON.stringify(schema, (_key, value: unknown) => (longEnums.has(value) ? (value as unknown[]).slice(0, 1) : value))) as JsonSchema);
  if (ajv.validateSchema(shown)) return undefined;
  return `schema is invalid: ${ajv.errorsText(ajv.errors)}`;
}

/** True when a value occurs twice: primitives by type and value, objects and arrays by their JSON text (key order counts). */
function hasRepeats(values: readonly unknown[]): boolean {
  const primitives = new Set<unknown>();
  const texts = new Set<string>();
  for (const value of values) {
    if (typeof value === 'object' && value !== null) {
      const text = JSON.stringify(value);
      if (texts.has(text)) return true;
      texts.add(text);
    } else {
      if (primitives.has(value)) return true;
      primitives.add(value);
    }
  }
  return false;
}
