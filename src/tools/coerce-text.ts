/**
 * One text value (an XML-style parameter, a positional `line` param, a lone tool input) -> a typed
 * value, by the JSON Schema of its property, the way the schema reads:
 * 1. Text that already is a JSON number, boolean, null, object or array of a declared type is that
 *    value (`42` for `["string", "integer"]` is 42; `{"k": 1}` for `["array", "object"]` is the object).
 * 2. Else, where `string` is declared, the text as written: a valid string is never converted,
 *    wrapped (`"x"` is not `["x"]`) or split.
 * 3. Else the declared types are tried in order, each by its own lenient rule: `integer`/`number` a
 *    decimal numeral (`+5`, `007`, `.5`); `boolean` `true`/`false` in any case; `null` `null`/`None`;
 *    `object`/`array` JSON repaired by jsonrepair (Python-style dicts and lists); with `commaLists`,
 *    a flat comma list is an array.
 * 4. Nothing fits: not read, with the reason (callers keep the text, so strict validation refuses
 *    it). Nothing is guessed: `yes` is not a boolean (servers disagree on it).
 * A property without a declared type (`{}`, `true`, or not declared at all) reads JSON text (rule 1,
 * any type) as JSON and anything else as the string. DSML's `string="true"` hint takes the text as
 * written; `string="false"` reads it as JSON first, repaired if need be, where the JSON value has a
 * declared type (or none is declared); else the declared types decide as above, except that an object
 * or array that does not read is refused (a value marked JSON is never kept as broken JSON text). A comma list for an
 * array with no items type is numbers when every item is a numeral, else strings.
 */
import { jsonrepair } from 'jsonrepair';
import { jsonType, schemaTypes } from './schema-types.ts';

export type CoercedText =
  | { ok: true; value: unknown; /** True when the value needed repair (a Python-style dict or list). */ repaired: boolean }
  | {
      ok: false;
      /** Why no declared type fits, for a correction. */
      reason: string;
      /** True when the text is JSON that `refuseJson` refused: the value must be asked for again, never kept as the text. */
      refused?: boolean;
    };

export interface CoerceTextOptions {
  /** The family's own type hint: DSML `string="true"` (`string`) or `string="false"` (`json`). */
  hint?: 'string' | 'json';
  /** A flat comma list is an array (reins' `line` protocol documents it). @default false */
  commaLists?: boolean;
  /**
   * Reads JSON text that `JSON.parse` refuses (a Python-style dict, say); undefined when it cannot be
   * read without guessing. The codecs pass their one guarded reader, so JSON in a parameter's text
   * meets the same repair guard as JSON anywhere else. @default jsonrepair, then `JSON.parse`
   */
  repairJson?: (text: string) => unknown;
  /**
   * Why JSON text that parses (to `value`) must still not be read as its value, or undefined: the codecs pass their
   * guard's check (a key written twice in one object, whose two values are two readings), so such a
   * value is refused with that reason rather than read as the last value. @default none
   */
  refuseJson?: (json: string, value: unknown) => string | undefined;
}

const integerText = /^[-+]?\d+$/;
const numberText = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;
/** Text that may be JSON other than a string: an object, array, number or literal. */
const jsonStart = /^(?:[[{\d-]|true$|false$|null$)/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const fitsType = (value: unknown, type: string) => {
  const actual = jsonType(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** Strict JSON of a non-string value (or why `refuseJson` refuses it), or undefined. */
function strictJson(text: string, options: CoerceTextOptions): { value: unknown } | { refused: string } | undefined {
  if (!jsonStart.test(text)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const refused = typeof value === 'object' && value !== null ? options.refuseJson?.(text, value) : undefined;
  return refused === undefined ? { value } : { refused };
}

function jsonrepaired(text: string): unknown {
  try {
    return JSON.parse(jsonrepair(text));
  } catch {
    return undefined;
  }
}

function repairedJson(text: string, opening: string, options: CoerceTextOptions): unknown {
  if (!text.startsWith(opening)) return undefined;
  return (options.repairJson ?? jsonrepaired)(text);
}

/** Rule 3: `trimmed` read as `type`, or undefined. */
function convert(trimmed: string, type: string, schema: unknown, options: CoerceTextOptions): CoercedText | undefined {
  switch (type) {
    case 'integer':
      return integerText.test(trimmed) ? { ok: true, value: Number(trimmed), repaired: false } : undefined;
    case 'number':
      return numberText.test(trimmed) ? { ok: true, value: Number(trimmed), repaired: false } : undefined;
    case 'boolean':
      return /^(?:true|false)$/i.test(trimmed) ? { ok: true, value: trimmed.toLowerCase() === 'true', repaired: false } : undefined;
    case 'null':
      return /^(?:null|none)$/i.test(trimmed) ? { ok: true, value: null, repaired: false } : undefined;
    case 'object': {
      const value = repairedJson(trimmed, '{', options);
      return isRecord(value) ? { ok: true, value, repaired: true } : undefined;
    }
    case 'array': {
      const value = repairedJson(trimmed, '[', options);
      if (Array.isArray(value)) return { ok: true, value, repaired: true };
      if (!options.commaLists || trimmed.startsWith('[')) return undefined;
      return commaList(trimmed, schema, options);
    }
    default:
      return undefined;
  }
}

/**
 * `a, b,c` -> each item read by the items schema (reins' `line` protocol). With no items type, the
 * items are numbers when every one is a numeral (seed 004 casts `1,2,3` to ints), else strings.
 */
function commaList(text: string, schema: unknown, options: CoerceTextOptions): CoercedText | undefined {
  const itemsSchema = isRecord(schema) ? schema.items : undefined;
  const texts = text === '' ? [] : text.split(',').map((item) => item.trim());
  if (schemaTypes(itemsSchema) === undefined) {
    const numeric = texts.length > 0 && texts.every((item) => numberText.test(item));
    return { ok: true, value: numeric ? texts.map(Number) : texts, repaired: false };
  }
  const items: unknown[] = [];
  for (const item of texts) {
    // Each item meets the caller's JSON reader and refusals, as a whole value does (`{"a": 1 "a": 2}`).
    const read = coerceText(item, itemsSchema, { repairJson: options.repairJson, refuseJson: options.refuseJson });
    if (!read.ok) return undefined;
    items.push(read.value);
  }
  return { ok: true, value: items, repaired: false };
}

/**
 * DSML `string="false"`: the text is JSON. With no declared type, any JSON (repaired if need be); with
 * declared types, the JSON value where it fits one of them (a JSON string where `string` is declared),
 * else undefined: the declared types decide (`null` for a `string` property stays the text `null`, as
 * vLLM's DSML reader keeps it).
 */
function hintedJson(trimmed: string, types: readonly string[] | undefined, options: CoerceTextOptions): CoercedText | undefined {
  const json = strictJson(trimmed, options);
  if (json && 'refused' in json) return { ok: false, reason: json.refused, refused: true };
  const strict = json ?? (trimmed.startsWith('"') ? parsedString(trimmed) : undefined);
  const value = strict ? strict.value : repairedJson(trimmed, '', options);
  if (value === undefined) return undefined;
  if (types !== undefined && !types.some((type) => fitsType(value, type))) return undefined;
  return { ok: true, value, repaired: !strict };
}

function parsedString(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Reads `text` by `schema` (see the file comment). */
export function coerceText(text: string, schema: unknown, options: CoerceTextOptions = {}): CoercedText {
  if (options.hint === 'string') return { ok: true, value: text, repaired: false };
  const trimmed = text.trim();
  const types = schemaTypes(schema);
  const strict = strictJson(trimmed, options);
  // JSON the guard refuses is never read as a value, nor kept as text standing for it (rule 2 aside).
  if (strict && 'refused' in strict && !types?.includes('string')) return { ok: false, reason: strict.refused, refused: true };
  const json = strict && 'value' in strict ? strict : undefined;
  if (json && types === undefined) return { ok: true, value: json.value, repaired: false };
  if (options.hint === 'json') {
    const read = hintedJson(trimmed, types, options);
    if (read) return read;
    // The family marked the value as JSON and it opens an object or array that does not read (cut off, or
    // broken beyond a safe repair): it is refused, never kept as text standing for that value.
    if (/^[[{]/.test(trimmed) && !types?.includes('string')) {
      return { ok: false, reason: `\`${clip(trimmed)}\` is marked as JSON (string="false") but is not readable JSON`, refused: true };
    }
  }
  if (types === undefined) return { ok: true, value: text, repaired: false };
  if (json && types.some((type) => type !== 'string' && fitsType(json.value, type))) return { ok: true, value: json.value, repaired: false };
  if (types.includes('string')) return { ok: true, value: text, repaired: false };
  for (const type of types) {
    const read = convert(trimmed, type, schema, options);
    if (read) return read;
  }
  const expected = types.join(' or ');
  const hint = types.includes('boolean') ? ' (write true or false)' : types.includes('array') || types.includes('object') ? ' (write it as JSON)' : '';
  return { ok: false, reason: `\`${clip(trimmed)}\` is not ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}${hint}` };
}
