/**
 * Validates an MCP config (zod) and resolves each server entry on its own, so one bad entry
 * names its server and leaves the others usable. Returns a result; never throws.
 */
import { z } from 'zod';
import { McpConfigError } from '../errors/mcp-config-error.ts';
import { expandVariables, inputVariableName } from './expand-variables.ts';
import type { McpServerConfig, ReinsMcpSection, ResolvedServer } from './mcp-config.ts';

const policy = {
  disabled: z.boolean().optional(),
  allowTools: z.array(z.string()).optional(),
  denyTools: z.array(z.string()).optional(),
  timeoutMs: z.number().int().positive().optional(),
};
const stdioEntry = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string().min(1, 'command must not be empty'),
  args: z.array(z.string()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  cwd: z.string().optional(),
  ...policy,
});
/** A Client ID Metadata Document's URL: HTTPS with a path (it is the client_id). */
const clientMetadataUrl = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.pathname !== '/';
  } catch {
    return text.includes('${');
  }
}, 'expected an https URL with a path');
const httpEntry = z.looseObject({
  type: z.enum(['http', 'streamable-http', 'streamableHttp', 'sse']).optional(),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  oauth: z
    .object({ clientId: z.string().optional(), clientSecret: z.string().optional(), scope: z.string().optional(), clientMetadataUrl: clientMetadataUrl.optional() })
    .optional(),
  ...policy,
});
const rulesSchema = z.object({
  allow: z.array(z.string()).optional(),
  ask: z.array(z.string()).optional(),
  deny: z.array(z.string()).optional(),
});
const topLevel = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).optional(),
  servers: z.record(z.string(), z.unknown()).optional(),
  reins: z.looseObject({ approve: rulesSchema.optional(), roots: z.array(z.string()).optional() }).optional(),
});

export type ParsedMcpConfig =
  | { success: true; servers: ResolvedServer[]; failures: McpConfigError[]; disabled: string[]; reins: ReinsMcpSection }
  | { success: false; error: McpConfigError };

export interface ParseMcpConfigOptions {
  /** Where `${VAR}` values come from. @default process.env */
  env?: Record<string, string | undefined>;
  /** The file the config was read from, for messages. */
  path?: string;
}

const HTTP_TYPES = ['http', 'streamable-http', 'streamableHttp', 'sse'];

/** `args.0: expected string, got number`: the field's path and what is wrong with it. */
function describeIssues(error: z.ZodError, root: string): string[] {
  return error.issues.map((issue) => {
    const message = issue.message.replace(/^Invalid input: /, '').replace(/, received /, ', got ');
    return `${issue.path.length ? issue.path.join('.') : root}: ${message}`;
  });
}

/** What a JSON value is, for messages: `a string`, `null`, `an array`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Problems of an entry's shape that the schemas would report less clearly. */
function shapeIssues(entry: unknown): string[] | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    return [`expected an object with "command" (stdio) or "url" (HTTP), got ${kindOf(entry)}`];
  }
  const fields = entry as Record<string, unknown>;
  const hasCommand = 'command' in fields;
  const hasUrl = 'url' in fields;
  if (!hasCommand && !hasUrl) return ['needs "command" (stdio) or "url" (HTTP)'];
  if (hasCommand && hasUrl) return ['has both "command" and "url": keep "command" for a stdio server, or "url" for an HTTP one'];
  const type = fields.type;
  if (type === undefined) return undefined;
  if (typeof type !== 'string' || (type !== 'stdio' && !HTTP_TYPES.includes(type))) {
    return [`type: unknown transport ${JSON.stringify(type)}; use "stdio" (with "command"), or ${HTTP_TYPES.map((name) => `"${name}"`).join(', ')} (with "url")`];
  }
  if (hasCommand && type !== 'stdio') return [`type: "${type}" is an HTTP transport, which needs "url" instead of "command"`];
  if (hasUrl && type === 'stdio') return ['type: "stdio" needs "command" instead of "url"'];
  return undefined;
}

export function parseMcpConfig(value: unknown, options: ParseMcpConfigOptions = {}): ParsedMcpConfig {
  const where = options.path ? ` in ${options.path}` : '';
  const parsed = topLevel.safeParse(value);
  if (!parsed.success) {
    const issues = describeIssues(parsed.error, 'config');
    return { success: false, error: new McpConfigError(`Invalid MCP config${where}: ${issues.join('; ')}`, { path: options.path, issues }) };
  }
  // From the value itself, not Zod's copy: a record copy drops a `__proto__` key, and a spread would
  // set a prototype; every name a JSON file can hold is kept (`mcpServers` wins over `servers`).
  const entries = new Map<string, unknown>([...ownEntries((value as Record<string, unknown>).servers), ...ownEntries((value as Record<string, unknown>).mcpServers)]);
  if (parsed.data.mcpServers === undefined && parsed.data.servers === undefined) {
    const message = `Invalid MCP config${where}: expected an "mcpServers" (or VS Code "servers") object`;
    return { success: false, error: new McpConfigError(message, { path: options.path, issues: ['mcpServers: missing'] }) };
  }
  const servers: ResolvedServer[] = [];
  const failures: McpConfigError[] = [];
  const disabled: string[] = [];
  for (const [name, entry] of entries) {
    const resolved = resolveServer(name, entry, options.env ?? process.env, options.path);
    if (resolved instanceof McpConfigError) failures.push(resolved);
    else if (resolved.disabled) disabled.push(name);
    else servers.push(resolved);
  }
  return { success: true, servers, failures, disabled, reins: (parsed.data.reins ?? {}) as ReinsMcpSection };
}

/** The own fields of an object (also one named `__proto__`), or none. */
function ownEntries(value: unknown): Array<[string, unknown]> {
  return typeof value === 'object' && value !== null ? Object.keys(value).map((key) => [key, (value as Record<string, unknown>)[key]]) : [];
}

function resolveServer(
  name: string,
  entry: unknown,
  env: Record<string, string | undefined>,
  path: string | undefined,
): ResolvedServer | McpConfigError {
  const fail = (issues: string[]) =>
    new McpConfigError(`MCP server "${name}" is misconfigured: ${issues.join('; ')}`, { serverName: name, path, issues });
  const shape = shapeIssues(entry);
  if (shape) return fail(shape);
  const checked = ('url' in (entry as object) ? httpEntry : stdioEntry).safeParse(entry);
  if (!checked.success) return fail(describeIssues(checked.error, 'entry'));
  const missing = new Set<string>();
  const expand = (text: string) => {
    const result = expandVariables(text, env);
    if (result.success) return result.value;
    for (const variable of result.missing) missing.add(variable);
    return text;
  };
  // Read from the entry itself (validated above): Zod's record copy drops a `__proto__` key.
  const expandRecord = (field: 'env' | 'headers') => {
    const record = (entry as Record<string, unknown>)[field];
    return record === undefined ? undefined : Object.fromEntries(ownEntries(record).map(([key, text]) => [key, expand(text as string)]));
  };
  const data = checked.data as McpServerConfig;
  const policyFields = {
    disabled: data.disabled,
    allowTools: data.allowTools,
    denyTools: data.denyTools,
    timeoutMs: data.timeoutMs,
  };
  let server: ResolvedServer;
  if ('url' in data) {
    const text = expand(data.url);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return fail([`url: not a valid URL: ${text}`]);
    }
    const transport = data.type === 'sse' ? 'sse' : 'http';
    const oauth = data.oauth
      ? Object.fromEntries(Object.entries(data.oauth).map(([key, text]) => [key, text === undefined ? undefined : expand(text)]))
      : undefined;
    server = { name, transport, url, headers: expandRecord('headers'), ...(oauth ? { oauth } : {}), ...policyFields };
  } else {
    server = {
      name,
      transport: 'stdio',
      command: expand(data.command),
      args: (data.args ?? []).map(expand),
      env: expandRecord('env'),
      cwd: data.cwd === undefined ? undefined : expand(data.cwd),
      ...policyFields,
    };
  }
  if (missing.size > 0) return fail([...missing].map(missingMessage));
  return server;
}

/** What a variable without a value means: an environment variable, or a VS Code input (prompted for by VS Code, read from the environment here). */
function missingMessage(variable: string): string {
  if (!variable.startsWith('input:')) return `environment variable ${variable} is not set`;
  const id = variable.slice('input:'.length);
  return `VS Code input "${id}" has no value: set the environment variable ${inputVariableName(id)} (reins does not prompt for inputs)`;
}
