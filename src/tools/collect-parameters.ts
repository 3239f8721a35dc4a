/**
 * Named text parameters (`<parameter=k>v</parameter>`, `<arg_key>`/`<arg_value>`, `<param name=..>`,
 * Cline-style child elements...) -> one arguments object, each value read by its property schema
 * (`coerceText`). The reader of each model family finds the pairs and applies its own whitespace
 * rule first; this function decides what the text means:
 * - a name given twice becomes an array of its values where the property declares `array` among its
 *   types (each value read by the items schema), and refuses the call otherwise: with one value
 *   declared, or no type declared (`{}`, undeclared), the model may have meant a list or repeated
 *   itself, and reins does not guess which;
 * - a value that fits no declared type stays the text, never a guess, so strict validation refuses it
 *   with the precise path and type (`/flag must be boolean`); JSON that `refuseJson` refuses (a key
 *   written twice) refuses the call with its reason.
 * Properties not declared read like `{}` ones (`additionalProperties` gives their schema when it is one).
 */
import type { JsonSchema } from '../spec/decision.ts';
import { coerceText, type CoerceTextOptions } from './coerce-text.ts';
import { schemaTypes } from './schema-types.ts';

/** One parameter as the model wrote it. */
export interface ParameterText {
  name: string;
  /** The value's text, after the family's whitespace rule. */
  text: string;
  /** The family's type hint: DSML `string="true"` -> `string`, `string="false"` -> `json`. */
  hint?: CoerceTextOptions['hint'];
}

export type CollectedParameters =
  | { ok: true; args: Record<string, unknown>; /** True when a value needed repair (a Python-style dict). */ repaired: boolean }
  | { ok: false; /** One line per problem, e.g. ``parameter `q` given twice; it takes one string``. */ details: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
/** Names as they may appear in a correction: printable, short. */
const shown = (name: string) => (name.replace(/[^\w.-]/g, '?').slice(0, 64) || '?');

/** The schema of property `name` of an object schema; undefined when it takes any value. */
export function propertySchema(schema: JsonSchema | undefined, name: string): unknown {
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  if (Object.hasOwn(properties, name)) return properties[name];
  return isRecord(schema?.additionalProperties) ? schema.additionalProperties : undefined;
}

/** The items schema of an array-allowing property schema (`items`, or that of an `anyOf` array member). */
export function itemsSchema(schema: unknown): unknown {
  if (!isRecord(schema)) return undefined;
  if (schema.items !== undefined) return schema.items;
  const members = [...(Array.isArray(schema.anyOf) ? schema.anyOf : []), ...(Array.isArray(schema.oneOf) ? schema.oneOf : [])];
  const array = members.find((member) => isRecord(member) && schemaTypes(member)?.includes('array'));
  return isRecord(array) ? array.items : undefined;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function collectParameters(pairs: readonly ParameterText[], schema: JsonSchema | undefined, options: Pick<CoerceTextOptions, 'commaLists' | 'repairJson' | 'refuseJson'> = {}): CollectedParameters {
  const byName = new Map<string, ParameterText[]>();
  for (const pair of pairs) byName.set(pair.name, [...(byName.get(pair.name) ?? []), pair]);
  const args: Record<string, unknown> = {};
  const details: string[] = [];
  let repaired = false;
  for (const [name, given] of byName) {
    const property = propertySchema(schema, name);
    const types = schemaTypes(property);
    const many = given.length > 1;
    if (many && !types?.includes('array')) {
      const takes = types ? `one ${types.join(' or ')} value` : 'one value (give a list as one JSON array)';
      details.push(`parameter \`${shown(name)}\` given ${given.length === 2 ? 'twice' : `${given.length} times`}; it takes ${takes}`);
      continue;
    }
    const valueSchema = many ? itemsSchema(property) : property;
    const values = given.map((pair) => {
      const read = coerceText(pair.text, valueSchema, { ...options, hint: pair.hint });
      repaired ||= read.ok && read.repaired;
      if (!read.ok && read.refused) details.push(`parameter \`${shown(name)}\`: ${read.reason}`);
      return read.ok ? read.value : pair.text;
    });
    setOwn(args, name, many ? values : values[0]);
  }
  return details.length > 0 ? { ok: false, details } : { ok: true, args, repaired };
}
