/**
 * BFCL function parameters as JSON Schema. BFCL writes types by their Python names: `dict` is an
 * object, `float` a number, `tuple` an array, `any` no type; `integer`, `string`, `boolean`, `array`
 * keep theirs. Nested properties and items are converted the same way; keywords JSON Schema lacks
 * (`optional`) are dropped.
 */
import type { JsonSchema } from '../spec/decision.ts';

const TYPES: Record<string, string | undefined> = {
  dict: 'object',
  object: 'object',
  float: 'number',
  number: 'number',
  integer: 'integer',
  int: 'integer',
  string: 'string',
  str: 'string',
  boolean: 'boolean',
  bool: 'boolean',
  array: 'array',
  list: 'array',
  tuple: 'array',
  any: undefined,
};

/** Keywords kept as they are. */
const KEPT = ['description', 'enum', 'default', 'required', 'minimum', 'maximum', 'minItems', 'maxItems', 'format'] as const;

function bfclToJsonSchema(parameters: unknown): JsonSchema {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) return {};
  const source = parameters as Record<string, unknown>;
  const schema: JsonSchema = {};
  if (typeof source.type === 'string') {
    const type = Object.hasOwn(TYPES, source.type) ? TYPES[source.type] : source.type;
    if (type) schema.type = type;
  }
  for (const key of KEPT) if (source[key] !== undefined) schema[key] = source[key];
  if (typeof source.properties === 'object' && source.properties !== null) {
    schema.properties = Object.fromEntries(Object.entries(source.properties).map(([name, value]) => [name, bfclToJsonSchema(value)]));
  }
  if (source.items !== undefined) schema.items = bfclToJsonSchema(source.items);
  if (typeof source.additionalProperties === 'object' && source.additionalProperties !== null) {
    schema.additionalProperties = bfclToJsonSchema(source.additionalProperties);
  }
  return schema;
}

/** A tool's input schema: always an object at the top, as tools take named arguments. */
export function bfclInputSchema(parameters: unknown): JsonSchema {
  const schema = bfclToJsonSchema(parameters);
  return { ...schema, type: 'object', properties: schema.properties ?? {} };
}
