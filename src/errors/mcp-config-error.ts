import { isErrorNamed, ReinsError } from './reins-error.ts';

/**
 * An MCP server configuration (a `.mcp.json` file, an `mcpServers` object or one server entry in
 * it) is unreadable or invalid. User fault: never retried. When one server entry is bad, the
 * other servers still connect and this error is listed in the failures, naming the server.
 */
export class McpConfigError extends ReinsError {
  static readonly errorName = 'Reins_McpConfigError';
  static override isInstance = isErrorNamed<McpConfigError>(McpConfigError.errorName);
  readonly fault = 'user' as const;
  /** The server entry at fault, when the problem is in one entry. */
  readonly serverName?: string;
  /** The config file, when the config came from one. */
  readonly path?: string;
  /** What is wrong, one line per problem, e.g. `args: expected array, received string`. */
  readonly issues: string[];

  constructor(message: string, fields: { serverName?: string; path?: string; issues?: string[]; cause?: unknown } = {}) {
    super(message, { cause: fields.cause });
    this.serverName = fields.serverName;
    this.path = fields.path;
    this.issues = fields.issues ?? [];
  }
}
