/**
 * A value written as the JSON text of a list or an object, inside a string, where the tool's schema
 * takes a list or an object and never a string (`{"todos": "[{\"title\": \"x\"}]"}` for a `todos`
 * array): no string can be that argument, and the text says exactly which value the model meant, so
 * it is read as that value. Agent clients unwrap such doubly encoded arguments before they run a tool
 * (Kimi CLI's kosong does it for every argument).
 *
 * The reading has one outcome or none:
 * - only where the arguments fail validation as written, and only for a property whose schema
 *   declares `object` or `array` types and not `string` (where no type is declared the text stays
 *   text: a string that looks like JSON is the model's string, as Qwen3-Coder and GLM servers keep it);
 * - the text must be strict JSON (`readJson` without repair, so a key written twice or a cut-off
 *   value is never read) and of a type the schema declares (`"[1]"` is never an object);
 * - the value read is read again by its own schema, so a list of objects each holding encoded text
 *   is read too; and the arguments as read must then validate, else the correction stands.
 */
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import { itemsSchema, propertySchema } from '../tools/collect-parameters.ts';
import { schemaTypes } from '../tools/schema-types.ts';
import { isRecord, readJson } from './extract/read-json.ts';

/** The nesting a walk goes down: arguments deeper than this are left as written. */
const maxDepth = 16;

/** The container a string's JSON text holds where `schema` takes only containers, else undefined. */
function decodedContainer(text: string, schema: unknown): unknown {
  const types = schemaTypes(schema);
  if (types === undefined || types.includes('string')) return undefined;
  const trimmed = text.trim();
  const opens = trimmed[0];
  const wanted = opens === '[' ? 'array' : opens === '{' ? 'object' : undefined;
  if (wanted === undefined || !types.includes(wanted)) return undefined;
  const read = readJson(trimmed);
  if (!read.ok || read.repaired) return undefined;
  const isWanted = wanted === 'array' ? Array.isArray(read.value) : isRecord(read.value);
  return isWanted ? read.value : undefined;
}

/** `value` with every encoded container its schema takes read; the same object when nothing is read. */
function decodeValue(value: unknown, schema: unknown, depth: number): unknown {
  if (depth > maxDepth) return value;
  if (typeof value === 'string') {
    const decoded = decodedContainer(value, schema);
    return decoded === undefined ? value : decodeValue(decoded, schema, depth + 1);
  }
  if (Array.isArray(value)) {
    const items = itemsSchema(schema);
    let changed = false;
    const read = value.map((item) => {
      const next = decodeValue(item, items, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? read : value;
  }
  if (isRecord(value)) {
    let changed = false;
    const entries = Object.entries(value).map(([key, field]): [string, unknown] => {
      const next = decodeValue(field, propertySchema(schema as JsonSchema, key), depth + 1);
      if (next !== field) changed = true;
      return [key, next];
    });
    // fromEntries defines own keys: a written `__proto__` stays a key (and is refused), never a prototype.
    return changed ? Object.fromEntries(entries) : value;
  }
  return value;
}

/** `args` with each doubly encoded list or object the tool's schema takes read; undefined when none is. */
export function decodedArgs(tool: ToolSpec, args: unknown): Record<string, unknown> | undefined {
  if (!isRecord(args)) return undefined;
  const read = decodeValue(args, tool.inputSchema, 0);
  return read === args ? undefined : (read as Record<string, unknown>);
}
