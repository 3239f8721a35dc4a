/**
 * Secret redaction for everything the session store writes. Two rules, so that what the loop runs
 * again on resume is never damaged:
 * - everywhere (records: tool arguments, messages, results): key-shaped text only, by VALUE
 *   (`sk-...`, `Bearer ...`, the password of `scheme://user:password@host`); never a field by its name,
 *   since a tool argument called `key` or `token` is data the tool needs;
 * - in a run's configuration (`RunMeta.config`, `config` records, stored errors): also every value of
 *   an `env` object and every string or object field whose name says credential (`apiKey`,
 *   `Authorization`, `x-api-key`, `password`, ...). Configurations are kept for display; they are not
 *   replayed.
 */
import type { RecordInput, RunMeta } from './run-record.ts';

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** Key-shaped strings found inside any text: `sk-...` keys, bearer credentials, URL passwords. */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/\bsk-[A-Za-z0-9_-]{6,}/g, REDACTED],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  [/\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:)[^/\s@]+@/gi, `$1${REDACTED}@`],
];

/** Words that mark a name as a credential when they appear in it (camelCase, snake_case or kebab-case). */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'pass',
  'passphrase',
  'auth',
  'credential',
  'credentials',
  'authorization',
  'cookie',
]);

/** Splits `x-api-key`, `OPENAI_API_KEY`, `accessToken` into lower-case words (`apikey` is also tried joined). */
function nameWords(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const joined: string[] = [];
  for (let index = 0; index + 1 < words.length; index++) joined.push(`${words[index]}${words[index + 1]}`);
  return [...words, ...joined];
}

/** True when a name says it holds a credential (`apiKey`, `x-api-key`, `Authorization`, `DB_PASSWORD`, `GH_TOKEN`). */
export function isSecretName(name: string): boolean {
  return nameWords(name).some((word) => SECRET_WORDS.has(word));
}

/** Replaces key-shaped substrings (`sk-...`, `Bearer ...`, `://user:password@`) of a text. */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

/** True when a value holds the redaction marker anywhere (a string, or a string inside it). */
export function containsRedacted(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(REDACTED);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(containsRedacted);
}

/** A deep copy that redacts every string and passes each object field through `field` (arrays, errors and cycles handled). */
function walk(value: unknown, seen: WeakSet<object>, field: (name: string, value: unknown, again: (next: unknown) => unknown) => unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  const again = (inner: unknown) => walk(inner, seen, field);
  try {
    if (Array.isArray(value)) return value.map(again);
    const source = value instanceof Error ? { ...value, name: value.name, message: value.message } : value;
    return Object.fromEntries(Object.entries(source).map(([name, inner]) => [name, field(name, inner, again)]));
  } finally {
    seen.delete(value);
  }
}

/**
 * A deep copy of `value` with key-shaped text replaced by `'[redacted]'` in every string. Fields are
 * never blanked by their name. Does not mutate its input. This is what records get.
 */
export function redact<T>(value: T): T {
  return walk(value, new WeakSet(), (_name, inner, again) => again(inner)) as T;
}

/**
 * `redact` plus the configuration rules: all values of `env` objects (names kept, so one can see
 * which variables were set) and string or object fields whose name says credential (`apiKey`,
 * `token`, `x-api-key`, `Authorization`, `password`, ...). Numbers and booleans under such names are
 * kept (`maxTokens` is not a secret). For configurations only: never for tool arguments.
 */
export function redactConfig<T>(value: T): T {
  const field = (name: string, inner: unknown, again: (next: unknown) => unknown): unknown => {
    if (name === 'env' && typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
      return Object.fromEntries(Object.keys(inner).map((key) => [key, REDACTED]));
    }
    if (isSecretName(name) && (typeof inner === 'string' || (typeof inner === 'object' && inner !== null))) return REDACTED;
    return again(inner);
  };
  return walk(value, new WeakSet(), field) as T;
}

/** A run's metadata as stored: `redact` everywhere, the configuration rules on `config`. */
export function redactMeta(meta: RunMeta): RunMeta {
  const safe = redact(meta);
  return meta.config === undefined ? safe : { ...safe, config: redactConfig(meta.config) };
}

/** A record as stored: `redact` everywhere; the configuration rules on `config` records and stored errors. */
export function redactRecord(record: RecordInput): RecordInput {
  if (record.type === 'config') return redactConfig(record);
  const safe = redact(record);
  if ('error' in safe && safe.error !== undefined) return { ...safe, error: redactConfig(safe.error) } as RecordInput;
  return safe;
}
