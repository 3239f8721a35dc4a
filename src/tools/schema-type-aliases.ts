/**
 * Hand-written tool specs often name their types in Python or Java (`"type": "str"`, `"float"`,
 * `"dict"`; every function of the Berkeley Function Calling Leaderboard does, and Gemini's
 * function declarations write `"STRING"`, `"OBJECT"`). They are not JSON Schema, so Ajv refuses
 * them, and providers refuse them in a native tool list. reins reads each well-known alias as the
 * type it means, where the tool is registered, and reports every change (a `tool-normalize`
 * notice): the schema is the caller's, never the model's fault. Anything else is left for the
 * schema check to refuse.
 */
import type { JsonSchema } from '../spec/decision.ts';
import { eachSubschema } from './each-subschema.ts';

/** One `type` rewritten: where (a JSON Pointer into the schema), as written, and as read. */
export interface SchemaTypeChange {
  path: string;
  /** The type as written (a list is joined with `,`). */
  from: string;
  /** The JSON Schema type it is read as (a list joined with `,`); undefined when it means any type (`any`), and `type` is dropped. */
  to: string | undefined;
}

export interface NormalizedSchema {
  /** The schema with every alias read; the very object given when nothing needed a change. */
  schema: JsonSchema;
  changes: SchemaTypeChange[];
}

const jsonTypes = new Set(['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);

/** Aliases by lower-case name; `null` means any type (draft-03's `any`). Case variants of the JSON types are matched too. */
const aliases: Record<string, string | null> = {
  str: 'string',
  char: 'string',
  int: 'integer',
  long: 'integer',
  short: 'integer',
  byte: 'integer',
  bigint: 'integer',
  float: 'number',
  double: 'number',
  decimal: 'number',
  bool: 'boolean',
  dict: 'object',
  map: 'object',
  hashmap: 'object',
  list: 'array',
  tuple: 'array',
  set: 'array',
  arraylist: 'array',
  none: 'null',
  nonetype: 'null',
  any: null,
};

/** What one written type is read as: a JSON type, `null` for any type, undefined when it is no alias. */
function readType(written: unknown): string | null | undefined {
  if (typeof written !== 'string' || jsonTypes.has(written)) return undefined;
  const lower = written.toLowerCase();
  if (jsonTypes.has(lower)) return lower;
  return Object.hasOwn(aliases, lower) ? aliases[lower] : undefined;
}

/** The new `type` value of one schema object (`to` undefined: any type, so `type` goes), or undefined to keep it. */
function newType(type: unknown): { to: string | string[] | undefined } | undefined {
  if (!Array.isArray(type)) {
    const read = readType(type);
    return read === undefined ? undefined : { to: read ?? undefined };
  }
  const read = type.map(readType);
  if (read.every((item) => item === undefined)) return undefined;
  if (read.includes(null)) return { to: undefined };
  return { to: [...new Set(type.map((item, index) => read[index] ?? item) as string[])] };
}

const written = (type: unknown): string => (Array.isArray(type) ? type.join(',') : String(type));

/**
 * Reads every type alias of `schema` (only where JSON Schema puts types: `enum`, `const`, `default`
 * and `examples` values are left as written). The schema given is never changed; linear in its size.
 */
export function normalizeSchemaTypes(schema: JsonSchema): NormalizedSchema {
  const changes = walk(schema, false);
  if (changes.length === 0) return { schema, changes };
  let copy: JsonSchema;
  try {
    copy = structuredClone(schema);
  } catch {
    // Nested deeper than the stack allows, or not data: left as written, for the schema check to refuse.
    return { schema, changes: [] };
  }
  walk(copy, true);
  return { schema: copy, changes };
}

/** Finds (and with `apply`, makes) the changes, in document order. */
function walk(root: unknown, apply: boolean): SchemaTypeChange[] {
  const changes: SchemaTypeChange[] = [];
  eachSubschema(root, (node, path) => {
    const change = 'type' in node ? newType(node.type) : undefined;
    if (!change) return;
    const to = change.to;
    changes.push({ path: `${path}/type`, from: written(node.type), to: to === undefined ? undefined : written(to) });
    if (apply && to === undefined) delete node.type;
    else if (apply) node.type = to;
  });
  return changes;
}

/** The changes in one line for people: `/properties/city/type: str -> string; ...`. */
export function describeTypeChanges(changes: readonly SchemaTypeChange[]): string {
  return changes.map((change) => `${change.path}: ${change.from} -> ${change.to ?? '(any type)'}`).join('; ');
}
