/**
 * Keeps secrets out of everything the CLI prints and stores. `redact` (reins/sessions) already
 * removes key-shaped text and credential fields; the mask also replaces the literal values of the
 * secrets this process knows: environment variables with credential names (`OPENAI_API_KEY`,
 * `MCP_TOKEN`, ...) and the `env` and `headers` values of the MCP config (with `${VAR}` resolved).
 */
import type { McpConfig } from '../../mcp/mcp-config.ts';
import { REDACTED, isSecretName, redact, redactText } from '../../sessions/redact.ts';

/** Values shorter than this are not masked (they would hit ordinary words). */
const MIN_SECRET_LENGTH = 6;

export class SecretMask {
  readonly #values: string[];

  constructor(values: Iterable<string>) {
    this.#values = [...new Set(values)].filter((value) => value.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  }

  /** The secrets of the environment and of an MCP config. */
  static from(env: Record<string, string | undefined>, config: McpConfig = {}): SecretMask {
    const values: string[] = [];
    for (const [name, value] of Object.entries(env)) if (value && isSecretName(name)) values.push(value);
    const entries = Object.values({ ...config.servers, ...config.mcpServers });
    for (const entry of entries) {
      const fields = { ...('env' in entry ? entry.env : {}), ...('headers' in entry ? entry.headers : {}) };
      for (const raw of Object.values(fields)) {
        if (typeof raw !== 'string') continue;
        values.push(raw.replace(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g, (_match, name: string) => env[name] ?? ''));
        for (const [, name] of raw.matchAll(/\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)/g)) if (name && env[name]) values.push(env[name]);
      }
    }
    return new SecretMask(values.map((value) => value.replace(/^(Bearer|Basic)\s+/i, '')));
  }

  text(text: string): string {
    let result = redactText(text);
    for (const value of this.#values) result = result.split(value).join(REDACTED);
    return result;
  }

  /** A deep copy with credential fields redacted and every known secret masked in its strings. */
  value<T>(value: T): T {
    return this.#deep(redact(value)) as T;
  }

  #deep(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.#deep(item));
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, this.#deep(field)]));
  }
}
