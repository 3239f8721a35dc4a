/**
 * The literal secret values a CLI process knows, so the SecretMask can hide them wherever they
 * appear. A value is secret by where it comes from, never by its length alone:
 * - environment variables with credential names (`OPENAI_API_KEY`, `GH_TOKEN`, `DB_PASSWORD`, ...);
 * - config `env` entries whose name is a credential name, or whose value uses a credential-named
 *   `${VAR}`; credential headers (`Authorization`, `x-api-key`, ...), without `Bearer `/`Basic `;
 * - command-line arguments after a credential flag (`--api-key X`, `--token=X`, `-H "Authorization: X"`,
 *   `-e API_KEY=X`), in config `args` and `--server` lines;
 * - the password of a URL (`scheme://user:password@host`, also with an empty user), in a model string,
 *   a config `url`, `env` value or header, an argument, or any variable of the environment (proxies);
 * - the lone token of a model string's URL (`scheme://token@host`), which reins sends as a Bearer token.
 */
import type { McpConfig } from '../../mcp/mcp-config.ts';
import { isSecretName } from '../../sessions/redact.ts';

type Env = Record<string, string | undefined>;

const VARIABLE = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g;
const URL_PASSWORD = /\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:([^/\s@]+)@/gi;
/** Flags whose next argument is a header (`-H "Authorization: Bearer x"`). */
const HEADER_FLAGS = new Set(['-H', '--header']);
/** Flags whose next argument is `NAME=value` (`docker run -e API_KEY=x`). */
const ENV_FLAGS = new Set(['-e', '--env']);

const withoutScheme = (value: string) => value.trim().replace(/^(Bearer|Basic|Token)\s+/i, '');

/** The password parts of every URL in a text. */
function urlPasswords(text: string): string[] {
  return [...text.matchAll(URL_PASSWORD)].map((match) => match[1]!).filter(Boolean);
}

/**
 * The credentials of a model string's base URL: the password, and a lone user part, which reins
 * sends as a Bearer token (`openai-compatible:m@http://token@host/v1`).
 */
export function modelStringSecrets(modelString: string): string[] {
  const lone = [...modelString.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/([^/\s:@]+)@/gi)].map((match) => match[1]!);
  return [...urlPasswords(modelString), ...lone].flatMap((value) => [value, safeDecode(value)]);
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The value of a `Name: value` header line when the name is a credential. */
function headerSecret(line: string): string[] {
  const colon = line.indexOf(':');
  return colon > 0 && isSecretName(line.slice(0, colon)) ? [withoutScheme(line.slice(colon + 1))] : [];
}

/** The value of a `NAME=value` pair when the name is a credential. */
function pairSecret(pair: string): string[] {
  const equals = pair.indexOf('=');
  return equals > 0 && isSecretName(pair.slice(0, equals)) ? [pair.slice(equals + 1)] : [];
}

/** The secrets in a command line's arguments: after credential flags, in headers and in URLs. */
export function argumentSecrets(args: readonly string[]): string[] {
  const found: string[] = [];
  args.forEach((arg, index) => {
    found.push(...urlPasswords(arg));
    const next = args[index + 1];
    const flag = /^--?([A-Za-z][\w-]*)(?:=(.*))?$/s.exec(arg);
    if (!flag) return;
    const [, name, inline] = flag;
    if (HEADER_FLAGS.has(arg) && next !== undefined) found.push(...headerSecret(next));
    else if (ENV_FLAGS.has(arg) && next !== undefined) found.push(...pairSecret(next));
    else if (isSecretName(name!)) {
      const value = inline ?? (next !== undefined && !next.startsWith('-') ? next : undefined);
      if (value) found.push(withoutScheme(value));
    } else if (inline !== undefined && (name === 'header' || name === 'H')) found.push(...headerSecret(inline));
  });
  return found;
}

/**
 * Secret-named variables of the environment, and the password of a URL in any variable (a proxy
 * such as `HTTPS_PROXY=http://user:password@proxy:3128` is passed through to stdio servers).
 */
export function environmentSecrets(env: Env): string[] {
  return Object.entries(env).flatMap(([name, value]) => (!value ? [] : isSecretName(name) ? [value] : urlPasswords(value)));
}

/** `${VAR}` resolved from the environment (missing variables become empty, as the MCP config loader does). */
function resolveVariables(raw: string, env: Env): string {
  return raw.replace(VARIABLE, (_match, name: string) => env[name] ?? '');
}

/** The secrets of an MCP config: credential env entries and headers, secret arguments, URL passwords. */
export function configSecrets(config: McpConfig, env: Env): string[] {
  const found: string[] = [];
  for (const entry of Object.values({ ...config.servers, ...config.mcpServers })) {
    const fields = { ...('env' in entry ? entry.env : {}), ...('headers' in entry ? entry.headers : {}) };
    for (const [name, raw] of Object.entries(fields)) {
      if (typeof raw !== 'string') continue;
      found.push(...urlPasswords(resolveVariables(raw, env)));
      const secretVariables = [...raw.matchAll(VARIABLE)].map((match) => match[1]!).filter(isSecretName);
      if (!isSecretName(name) && secretVariables.length === 0) continue;
      found.push(withoutScheme(resolveVariables(raw, env)), ...secretVariables.flatMap((variable) => (env[variable] ? [env[variable]] : [])));
    }
    if ('args' in entry && entry.args) found.push(...argumentSecrets(entry.args.map((arg) => resolveVariables(arg, env))));
    if ('url' in entry && typeof entry.url === 'string') found.push(...urlPasswords(resolveVariables(entry.url, env)));
  }
  return found;
}
