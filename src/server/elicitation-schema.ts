/**
 * A Zod object (or a Standard Schema exposing a JSON Schema) -> MCP form elicitation's
 * `requestedSchema`: a flat object whose properties are primitives (string with
 * minLength/maxLength/format email|uri|date|date-time, number, integer with minimum/maximum,
 * boolean, string enums with or without titles, arrays of string enums), each with optional
 * title, description and default. Anything the spec cannot express throws `ElicitationSchemaError`.
 */
import type { ElicitRequestFormParams, PrimitiveSchemaDefinition } from '@modelcontextprotocol/server';
import type { JsonSchema } from '../spec/decision.ts';
import { ElicitationSchemaError } from '../errors/elicitation-schema-error.ts';
import type { StandardSchemaLike } from '../tools/tool-input-schema.ts';
import { jsonSchemaOf } from './output-schema.ts';

export type RequestedSchema = ElicitRequestFormParams['requestedSchema'];

const common = ['title', 'description', 'default'];
const allowedByKind: Record<string, string[]> = {
  string: [...common, 'type', 'minLength', 'maxLength', 'format'],
  enum: [...common, 'type', 'enum', 'oneOf'],
  number: [...common, 'type', 'minimum', 'maximum'],
  boolean: [...common, 'type'],
  multi: [...common, 'type', 'items', 'minItems', 'maxItems'],
};
const formats = new Set(['email', 'uri', 'date', 'date-time']);

/** Titled options `{ const, title }` from a Zod union of literals (`oneOf`/`anyOf` of consts). */
function titledOptions(options: unknown): { const: string; title: string }[] | undefined {
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const out = options.map((option: Record<string, unknown>) =>
    typeof option?.const === 'string' ? { const: option.const, title: String(option.title ?? option.const) } : undefined,
  );
  return out.every((option) => option !== undefined) ? (out as { const: string; title: string }[]) : undefined;
}

function kindOf(field: JsonSchema): string | undefined {
  if (field.type === 'string' && Array.isArray(field.enum)) return 'enum';
  if (typeof field.const === 'string') return 'const';
  if (!field.type && titledOptions(field.oneOf ?? field.anyOf)) return 'titled';
  if (field.type === 'integer' || field.type === 'number') return 'number';
  if (field.type === 'array') return 'multi';
  if (typeof field.type === 'string') return field.type;
  return undefined;
}

/** Normalizes one property, or returns the reason it cannot be expressed. */
function toPrimitive(source: JsonSchema): PrimitiveSchemaDefinition | string {
  let field: JsonSchema = { ...source };
  const kind = kindOf(field);
  if (kind === 'const') field = { ...field, type: 'string', enum: [field.const] };
  if (kind === 'titled') {
    const { oneOf: _o, anyOf: _a, ...rest } = field;
    field = { ...rest, type: 'string', oneOf: titledOptions(source.oneOf ?? source.anyOf) };
  }
  delete field.const;
  const normalized = kind === 'const' || kind === 'titled' ? 'enum' : kind;
  if (normalized === 'object') return 'nested objects are not allowed (the form is flat)';
  if (!normalized || !allowedByKind[normalized]) return `type ${JSON.stringify(source.type ?? 'unknown')} is not allowed`;
  if (normalized === 'string' && field.format !== undefined) {
    if (!formats.has(String(field.format))) return `format ${JSON.stringify(field.format)} is not allowed (email, uri, date, date-time)`;
    delete field.pattern; // Zod adds the regex behind a format; the format says the same to the client.
  }
  if (normalized === 'number') {
    if (field.minimum === Number.MIN_SAFE_INTEGER) delete field.minimum;
    if (field.maximum === Number.MAX_SAFE_INTEGER) delete field.maximum;
  }
  if (normalized === 'multi') {
    const items = (field.items ?? {}) as JsonSchema;
    const options = titledOptions(items.anyOf ?? items.oneOf);
    if (options) field.items = { anyOf: options };
    else if (items.type === 'string' && Array.isArray(items.enum) && Object.keys(items).length === 2) field.items = items;
    else return 'arrays must be arrays of string enum values';
  }
  const extra = Object.keys(field).filter((key) => !allowedByKind[normalized]!.includes(key));
  if (extra.length > 0) return `keyword(s) ${extra.join(', ')} cannot be expressed in an elicitation form`;
  return field as PrimitiveSchemaDefinition;
}

export function toElicitationSchema(schema: StandardSchemaLike): RequestedSchema {
  let json: JsonSchema;
  try {
    json = jsonSchemaOf(schema);
  } catch (cause) {
    throw new ElicitationSchemaError(`Cannot read the elicitation schema: ${(cause as Error).message}`, { cause });
  }
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (json.type !== 'object' || !properties) {
    throw new ElicitationSchemaError('An elicitation schema must be an object of fields (e.g. z.object({...})).');
  }
  const out: Record<string, PrimitiveSchemaDefinition> = {};
  const details: string[] = [];
  for (const [name, field] of Object.entries(properties)) {
    const primitive = toPrimitive(field);
    if (typeof primitive === 'string') details.push(`${name}: ${primitive}`);
    else out[name] = primitive;
  }
  if (details.length > 0) {
    throw new ElicitationSchemaError(`The elicitation schema cannot be sent as an MCP form: ${details.join('; ')}.`, {
      details,
      ...(details.length === 1 ? { field: details[0]!.split(':')[0] } : {}),
    });
  }
  const required = Array.isArray(json.required) ? (json.required as string[]) : [];
  return { type: 'object', properties: out, ...(required.length > 0 ? { required } : {}) };
}
