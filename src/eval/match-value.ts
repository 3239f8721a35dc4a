/**
 * Whether a value the model gave equals an accepted value, by BFCL's rules: strings compared after
 * `standardizeString`; numbers by value (an integer is accepted where a float is expected); booleans
 * exactly; lists element by element; dictionaries key by key, where each accepted key holds a list of
 * accepted values and a key left out is fine only when that list holds `""`. The types must agree:
 * the string "5" is not the number 5, `true` is not 1.
 */

/**
 * BFCL's string standardization: spaces and the characters `, . / - _ * ^` removed, lowercased,
 * single quotes turned into double quotes ("April 1, 2024" equals "april 1 2024").
 */
export function standardizeString(text: string): string {
  return text.replace(/[ ,./\-_*^]/g, '').toLowerCase().replaceAll("'", '"');
}

/** True when `value` is one of `accepted` (a parameter's list of accepted values). */
export function matchesOneOf(value: unknown, accepted: readonly unknown[]): boolean {
  return accepted.some((candidate) => matchesValue(value, candidate));
}

/** True when `value` equals the one accepted value `candidate`. */
export function matchesValue(value: unknown, candidate: unknown): boolean {
  if (typeof candidate === 'string') return typeof value === 'string' && standardizeString(value) === standardizeString(candidate);
  if (typeof candidate === 'number') return typeof value === 'number' && value === candidate;
  if (typeof candidate === 'boolean') return value === candidate;
  if (candidate === null) return value === null;
  if (Array.isArray(candidate)) {
    return Array.isArray(value) && value.length === candidate.length && value.every((item, index) => matchesValue(item, candidate[index]));
  }
  if (typeof candidate === 'object') return matchesDictionary(value, candidate as Record<string, unknown>);
  return false;
}

/** A dictionary value: each key given is accepted by its list; each accepted key left out allows `""`. */
function matchesDictionary(value: unknown, candidate: Record<string, unknown>): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const given = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(given)) {
    if (!Object.hasOwn(candidate, key)) return false;
    const options = candidate[key];
    if (!(Array.isArray(options) ? matchesOneOf(item, options) : matchesValue(item, options))) return false;
  }
  for (const [key, options] of Object.entries(candidate)) {
    if (Object.hasOwn(given, key)) continue;
    if (!(Array.isArray(options) && options.includes(''))) return false;
  }
  return true;
}
