/**
 * A value written as nested elements (MiniMax M3: an object's properties as child elements, a list's
 * members as `<item>` elements) -> that object or list, read by the property's schema:
 * - a list where the schema declares `array` (and not `object`, unless every child is `<item>`), or,
 *   with no type declared, where every child is `<item>`; each member read by its `prefixItems`
 *   schema, else the `items` schema;
 * - else an object, each child read by its property schema; a key given twice is refused, as at the
 *   top level (`collectParameters`), never merged or overwritten;
 * - a leaf's text by `coerceText` (JSON text where no type is declared, the text otherwise), kept as
 *   written: where no type fits, strict validation reports the path; an empty element where the
 *   schema takes a list or an object but no string is that empty container.
 */
import { itemsSchema, propertySchema } from '../../tools/collect-parameters.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { coerceText } from '../../tools/coerce-text.ts';
import { schemaTypes } from '../../tools/schema-types.ts';
import type { JsonSchema } from '../../spec/decision.ts';
import type { RawParameter } from './tag-calls.ts';
import { unwrapCdata } from '../extract/xml-text.ts';

export type NestedValue = { ok: true; value: unknown; repaired: boolean } | { ok: false; detail: string };

const shown = (name: string) => name.replace(/[^\w.-]/g, '?').slice(0, 64) || '?';
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isList(children: readonly RawParameter[], schema: unknown): boolean {
  const items = children.every((child) => child.key === 'item');
  const types = schemaTypes(schema);
  if (types === undefined) return items;
  return types.includes('array') && (items || !types.includes('object'));
}

export function nestedValue(element: RawParameter, schema: unknown, path = element.key): NestedValue {
  const types = schemaTypes(schema);
  if (element.text === '' && types && !types.includes('string')) {
    // An empty element where only a container fits: the empty list or object (as sglang reads it).
    const container = types.find((type) => type === 'array' || type === 'object');
    if (container) return { ok: true, value: container === 'array' ? [] : {}, repaired: false };
  }
  if (!element.children?.length) {
    const text = unwrapCdata(element.text);
    const read = coerceText(text, schema, guardedCoercion);
    if (!read.ok && read.refused) return { ok: false, detail: `\`${shown(path)}\`: ${read.reason}` };
    return read.ok ? { ok: true, value: read.value, repaired: read.repaired } : { ok: true, value: text, repaired: false };
  }
  let repaired = false;
  if (isList(element.children, schema)) {
    const items = itemsSchema(schema);
    const positional = isRecord(schema) && Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
    const value: unknown[] = [];
    for (const child of element.children) {
      const read = nestedValue(child, value.length < positional.length ? positional[value.length] : items, `${path}/${value.length}`);
      if (!read.ok) return read;
      repaired ||= read.repaired;
      value.push(read.value);
    }
    return { ok: true, value, repaired };
  }
  const value: Record<string, unknown> = {};
  for (const child of element.children) {
    if (Object.hasOwn(value, child.key)) return { ok: false, detail: `\`${shown(`${path}/${child.key}`)}\` given twice; give a list as <item> elements` };
    const read = nestedValue(child, propertySchema(isRecord(schema) ? (schema as JsonSchema) : undefined, child.key), `${path}/${child.key}`);
    if (!read.ok) return read;
    repaired ||= read.repaired;
    Object.defineProperty(value, child.key, { value: read.value, enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, value, repaired };
}
