/**
 * Secret redaction for everything the session store writes. Secrets must never reach disk: API keys
 * inside text, the `env` values of MCP server configs, credential headers and any field whose name
 * says it holds a key, token, secret or password.
 */

/** What a redacted value is replaced with. */
export const REDACTED = '[redacted]';

/** Key-shaped strings found inside any text: OpenAI/Anthropic-style `sk-...`, and bearer credentials. */
const SECRET_PATTERNS: readonly [RegExp, string][] = [
  [/\bsk-[A-Za-z0-9_-]{6,}/g, REDACTED],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
];

/** Words that mark a field as a credential when they appear in its name (camelCase, snake_case or kebab-case). */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
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

/** True when a field of this name holds a credential (`apiKey`, `x-api-key`, `Authorization`, `db_password`). */
export function isSecretName(name: string): boolean {
  return nameWords(name).some((word) => SECRET_WORDS.has(word));
}

/** Replaces key-shaped substrings (`sk-...`, `Bearer ...`) of a text. */
export function redactText(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) result = result.replace(pattern, replacement);
  return result;
}

function redactEnv(env: unknown): unknown {
  if (typeof env !== 'object' || env === null || Array.isArray(env)) return redactValue(env, new WeakSet());
  return Object.fromEntries(Object.keys(env).map((name) => [name, REDACTED]));
}

function redactValue(value: unknown, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => redactValue(item, seen));
    if (value instanceof Error) return redactValue(serializeErrorShape(value), seen);
    const result: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      if (name === 'env') result[name] = redactEnv(field);
      else if (isSecretName(name) && (typeof field === 'string' || (typeof field === 'object' && field !== null))) {
        result[name] = REDACTED;
      } else result[name] = redactValue(field, seen);
    }
    return result;
  } finally {
    seen.delete(value);
  }
}

function serializeErrorShape(error: Error): Record<string, unknown> {
  return { ...error, name: error.name, message: error.message };
}

/**
 * Returns a deep copy of `value` with every secret replaced by `'[redacted]'`: key-shaped strings
 * anywhere, all values of `env` objects (names kept, so one can see which variables were set), and
 * string or object fields whose name says credential (`apiKey`, `token`, `x-api-key`,
 * `Authorization`, `password`, ...). Numbers and booleans under such names are kept (usage counts
 * such as `inputTokens` are not secrets). Does not mutate its input.
 */
export function redact<T>(value: T): T {
  return redactValue(value, new WeakSet()) as T;
}
