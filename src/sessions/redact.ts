/**
 * Secret redaction for what the session store writes. Records are kept exactly as they happened
 * (questions, messages, tool arguments, results): the loop sends them again on resume, so no word
 * is ever rewritten by how it looks. What a store blanks is the run's configuration
 * (`RunMeta.config`, `config` records) and stored errors, which are kept for display and never
 * replayed: every value of an `env` object and every string or object field whose name says
 * credential (`apiKey`, `Authorization`, `x-api-key`, `password`, ...). Masking known secret values
 * wherever they appear (and in every encoding) is the CLI's `SecretMask`, which knows where its
 * secrets came from.
 */
import type { RecordInput, RunMeta } from './run-records/run-record.ts';

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

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

/** The last word of `x-api-key`, `OPENAI_API_KEY`, `accessToken`, lower case (`key`, `key`, `token`). */
function lastWord(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.at(-1)?.toLowerCase() ?? '';
}

/**
 * True when a name says it holds a credential: its last word is one (`apiKey`, `x-api-key`,
 * `Authorization`, `DB_PASSWORD`, `GH_TOKEN`, `GH_AUTH`). A name that only mentions one
 * (`APP_AUTH_ENABLED`, `LEGACY_AUTH_MODE`, `TOKEN_URL`) holds a setting, not a credential.
 */
export function isSecretName(name: string): boolean {
  return SECRET_WORDS.has(lastWord(name));
}

/** True when a value holds the redaction marker anywhere (a string, or a string inside it). */
export function containsRedacted(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(REDACTED);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(containsRedacted);
}

/** A deep copy that passes each object field through `field` (arrays, errors and cycles handled). */
function walk(value: unknown, seen: WeakSet<object>, field: (name: string, value: unknown, again: (next: unknown) => unknown) => unknown): unknown {
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
 * The configuration rules: a deep copy with all values of `env` objects (names kept, so one can see
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

/** A run's metadata as stored: the configuration rules on `config`, the rest as it is. */
export function redactMeta(meta: RunMeta): RunMeta {
  return meta.config === undefined ? meta : { ...meta, config: redactConfig(meta.config) };
}

/** A record as stored: the configuration rules on `config` records and stored errors, the rest as it is. */
export function redactRecord(record: RecordInput): RecordInput {
  if (record.type === 'config') return redactConfig(record);
  if ('error' in record && record.error !== undefined) return { ...record, error: redactConfig(record.error) } as RecordInput;
  return record;
}

const URL_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:([^/\s@]+)@/gi;

/** Every string inside a value. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(strings);
}

/**
 * The secret values a configuration holds, by where they are: the strings under credential-named
 * fields (`apiKey`, `Authorization` without its `Bearer `/`Basic ` scheme, `password`, ...), the
 * values of credential-named `env` entries (`GITHUB_TOKEN`), and the passwords of URLs
 * (`scheme://user:password@host`). A store masks them in the run's records (`SecretMasker`).
 */
export function configSecretValues(config: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown, seen: Set<object>): void => {
    if (typeof value === 'string') {
      found.push(...[...value.matchAll(URL_PASSWORD)].map((match) => match[1]!));
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    for (const [name, inner] of Object.entries(value)) {
      if (isSecretName(name)) found.push(...strings(inner).map((text) => text.trim().replace(/^(Bearer|Basic|Token)\s+/i, '')));
      else visit(inner, seen);
    }
  };
  visit(config, new Set());
  return found;
}
