/**
 * A key written twice in one JSON object (`{"path": "x", "path": "y"}`). `JSON.parse` and `jsonrepair`
 * both keep the last value without a word, but the model wrote two values for one key: which one it
 * meant is a guess. This is the detection only, kept below both layers that need it: the codecs'
 * guard (`protocols/extract/read-json.ts`, whose correction names the key) and the model adapters,
 * which keep a provider's tool-call argument text as written when it holds a key twice
 * (`models/from-provider-result.ts`), so the native codec reads it through that same guard.
 *
 * The scan reads JSON text that already parses (the text as written, or jsonrepair's output): every
 * string and bracket is a token, a string followed by `:` is a key of the innermost open object.
 */
import { maxValueDepth } from './value-limits.ts';

/** Strings (with their escapes) and brackets; a string's trailing `:` marks it a key. */
const tokens = /"((?:[^"\\]|\\.)*)"(\s*:)?|[{}[\]]/g;

interface Frame {
  /** The keys seen so far in this object; undefined for a list. */
  keys: Set<string> | undefined;
  /** Where this value sits, for the correction (`arguments.path`, `calls[]`). */
  path: string;
  /** The last key read in this object: the name of the value that opens next. */
  last: string;
}

/** The key as JSON reads it (`"\u0070ath"` is `path`). */
function keyOf(written: string): string {
  if (!written.includes('\\')) return written;
  try {
    return JSON.parse(`"${written}"`) as string;
  } catch {
    return written;
  }
}

const joined = (path: string, key: string) => (path === '' ? key : `${path}.${key}`);

/** Space, tab, line feed and carriage return: the whitespace JSON allows between tokens. */
const jsonSpace = new Set([0x20, 0x09, 0x0a, 0x0d]);

/**
 * The colons of `json`; with `afterQuote`, only those right after a closing quote (spaces aside).
 * Either count is at least one per key the text writes.
 */
function colons(json: string, afterQuote: boolean): number {
  let count = 0;
  for (let at = json.indexOf(':'); at >= 0; at = json.indexOf(':', at + 1)) {
    if (!afterQuote) {
      count++;
      continue;
    }
    let before = at - 1;
    while (before >= 0 && jsonSpace.has(json.charCodeAt(before))) before--;
    if (json.charCodeAt(before) === 0x22) count++;
  }
  return count;
}

/**
 * The keys of every object in `value`; -Infinity past `maxValueDepth` levels (no count: the scan, which
 * keeps its own stack, decides then). `for..in` sees an object's own keys here: a parsed object inherits only from
 * `Object.prototype`, which `inheritsEnumerable` checks holds no enumerable key.
 */
function keyCount(value: unknown, depth = 0): number {
  if (depth > maxValueDepth) return -Infinity;
  if (Array.isArray(value)) {
    let count = 0;
    for (const item of value) if (typeof item === 'object' && item !== null) count += keyCount(item, depth + 1);
    return count;
  }
  let count = 0;
  for (const key in value as object) {
    count++;
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'object' && item !== null) count += keyCount(item, depth + 1);
  }
  return count;
}

/** True when `Object.prototype` has gained an enumerable key (`for..in` would count it): then only the scan decides. */
function inheritsEnumerable(): boolean {
  for (const key in emptyObject) if (key !== undefined) return true;
  return false;
}
const emptyObject = {};

/**
 * The path of the first key written twice in one object of `json` (`path`, `arguments.path`,
 * `[].name`), or undefined when every object names each key once. `json` must parse as JSON; given
 * `value`, what it parsed to, a text with no more colons (or colons after a quote) than the value has
 * keys is known to write each key once without the scan (every key written is one such colon), which
 * keeps clean turns cheap.
 */
export function duplicateKey(json: string, value?: unknown): string | undefined {
  if (value !== undefined) {
    // Most texts hold no colon inside a string, and the rest few after a quote: the counts settle it.
    const keys = inheritsEnumerable() ? -Infinity : keyCount(value);
    if (colons(json, false) <= keys || colons(json, true) <= keys) return undefined;
  }
  const stack: Frame[] = [];
  tokens.lastIndex = 0;
  for (let match = tokens.exec(json); match !== null; match = tokens.exec(json)) {
    const token = match[0];
    const top = stack.at(-1);
    if (token === '{' || token === '[') {
      const path = top === undefined ? '' : top.keys ? joined(top.path, top.last) : `${top.path}[]`;
      stack.push({ keys: token === '{' ? new Set() : undefined, path, last: '' });
    } else if (token === '}' || token === ']') {
      stack.pop();
    } else if (match[2] !== undefined && top?.keys) {
      const key = keyOf(match[1] as string);
      if (top.keys.has(key)) return joined(top.path, key);
      top.keys.add(key);
      top.last = key;
    }
  }
  return undefined;
}
