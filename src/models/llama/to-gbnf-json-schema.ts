/**
 * A tool's JSON Schema in the subset node-llama-cpp turns into a grammar (GbnfJsonSchema). What a
 * grammar cannot express is loosened, never tightened into something the schema refuses: value
 * bounds (`minimum`, `pattern`, other `format`s, `uniqueItems`...) are dropped, `allOf`/`not`/
 * conditionals become any value; reins validates every reply by the full schema anyway and corrects
 * what the grammar let through. Objects are tightened only where the result stays valid: every
 * declared property is written and no undeclared one (node-llama-cpp writes all properties), and an
 * object declaring `properties: {}` is written `{}`.
 */
import type { GbnfJsonSchema } from 'node-llama-cpp';
import type { JsonSchema } from '../../spec/decision.ts';

const primitives = ['string', 'number', 'integer', 'boolean', 'null'] as const;
type Primitive = (typeof primitives)[number];

/** Any JSON value. */
export const ANY_JSON: GbnfJsonSchema = {
  oneOf: [{ type: ['string', 'number', 'boolean', 'null'] }, { type: 'array' }, { type: 'object', additionalProperties: true }],
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(ref: string, root: JsonSchema): unknown {
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1] as string];
  return isRecord(defs) ? defs[decodeURIComponent(match[2] as string)] : undefined;
}

function convert(schema: unknown, root: JsonSchema, depth: number): GbnfJsonSchema {
  if (depth > 24 || !isRecord(schema)) return ANY_JSON;
  // A schema with its own definitions (a tool's args inside the decision union) resolves refs there.
  if (isRecord(schema.$defs) || isRecord(schema.definitions)) root = schema;
  if (typeof schema.$ref === 'string') return convert(resolveRef(schema.$ref, root), root, depth + 1);
  if ('const' in schema && isScalar(schema.const)) return { const: schema.const };
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(isScalar)) return { enum: schema.enum };
  const alternatives = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (alternatives && alternatives.length > 0) return { oneOf: alternatives.map((item) => convert(item, root, depth + 1)) };
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return convert(schema.allOf[0], root, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
  if (types.length === 0) {
    if (isRecord(schema.properties)) return convertObject(schema, root, depth);
    if (schema.items !== undefined) return convertArray(schema, root, depth);
    return ANY_JSON;
  }
  if (types.length > 1) return { oneOf: types.map((type) => convert({ ...schema, type }, root, depth + 1)) };
  const type = types[0];
  if (type === 'object') return convertObject(schema, root, depth);
  if (type === 'array') return convertArray(schema, root, depth);
  if (type === 'string') return convertString(schema);
  if ((primitives as readonly unknown[]).includes(type)) return { type: type as Primitive };
  return ANY_JSON;
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function convertObject(schema: Record<string, unknown>, root: JsonSchema, depth: number): GbnfJsonSchema {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const extra = schema.additionalProperties;
  const converted = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, convert(value, root, depth + 1)]));
  // An undeclared property is never needed, so none is written. Only an object that declares none
  // (no `properties`, or `additionalProperties` given beside an empty one) is a map of free keys;
  // `properties: {}` alone is a tool without arguments: `{}`. A map's keys may repeat (a grammar
  // cannot forbid it), and the parse corrects a key written twice.
  const freeKeys = Object.keys(properties).length === 0 && extra !== false && (!isRecord(schema.properties) || extra !== undefined);
  return {
    type: 'object',
    properties: converted,
    ...(freeKeys ? { additionalProperties: isRecord(extra) ? convert(extra, root, depth + 1) : true } : {}),
    ...(Object.keys(properties).length === 0 && typeof schema.maxProperties === 'number' ? { maxProperties: schema.maxProperties } : {}),
    ...(Object.keys(properties).length === 0 && typeof schema.minProperties === 'number' ? { minProperties: schema.minProperties } : {}),
  } as GbnfJsonSchema;
}

function convertArray(schema: Record<string, unknown>, root: JsonSchema, depth: number): GbnfJsonSchema {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
  const items = isRecord(schema.items) ? schema.items : undefined;
  return {
    type: 'array',
    ...(prefix ? { prefixItems: prefix.map((item) => convert(item, root, depth + 1)) } : {}),
    ...(items ? { items: convert(items, root, depth + 1) } : {}),
    ...(typeof schema.minItems === 'number' ? { minItems: schema.minItems } : {}),
    ...(typeof schema.maxItems === 'number' ? { maxItems: schema.maxItems } : {}),
  } as GbnfJsonSchema;
}

function convertString(schema: Record<string, unknown>): GbnfJsonSchema {
  if (schema.format === 'date-time' || schema.format === 'date' || schema.format === 'time') return { type: 'string', format: schema.format };
  return {
    type: 'string',
    ...(typeof schema.minLength === 'number' ? { minLength: schema.minLength } : {}),
    ...(typeof schema.maxLength === 'number' ? { maxLength: schema.maxLength } : {}),
  };
}

export function toGbnfJsonSchema(schema: JsonSchema): GbnfJsonSchema {
  return convert(schema, schema, 0);
}
