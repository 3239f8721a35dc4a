/**
 * The MCP server config: the `mcpServers` format of Claude Desktop, Claude Code and Cursor, and
 * VS Code's `servers` key with its `type` field, plus an optional `reins` section. Unknown fields
 * are kept and ignored, so an existing config file works as it is.
 */

/** A server started as a child process, talking MCP over stdin/stdout. */
export interface StdioServerConfig extends ServerPolicyConfig {
  /** @default 'stdio' when `command` is given */
  type?: 'stdio';
  /** The executable, e.g. `npx`, `node`, `uvx`. Looked up on `PATH`. */
  command: string;
  args?: string[];
  /** Added to a safe default environment (PATH, HOME, ...), not to all of `process.env`. */
  env?: Record<string, string>;
  /** Working directory of the process. @default the current directory */
  cwd?: string;
}

/** A remote server over Streamable HTTP (or legacy HTTP+SSE with `type: 'sse'`). */
export interface HttpServerConfig extends ServerPolicyConfig {
  /** @default 'http' when `url` is given */
  type?: 'http' | 'streamable-http' | 'streamableHttp' | 'sse';
  url: string;
  /** Sent with every request, e.g. `{ "Authorization": "Bearer ${API_TOKEN}" }`. */
  headers?: Record<string, string>;
  /**
   * OAuth. With `clientId` and `clientSecret`: the client credentials grant (unattended use).
   * Without: the authorization code flow of `reins auth <server>` (tokens kept in reins' config
   * directory, mode 0600, refreshed). `${VAR}` expands as elsewhere.
   */
  oauth?: OAuthServerConfig;
}

export interface OAuthServerConfig {
  clientId?: string;
  clientSecret?: string;
  /** Space-separated scopes. @default the server's */
  scope?: string;
  /**
   * The HTTPS URL of this client's metadata document (OAuth Client ID Metadata Documents): the
   * `client_id` at authorization servers that support them (`client_id_metadata_document_supported`),
   * instead of dynamic registration. The document is JSON with `client_id` equal to this URL,
   * `client_name`, and `redirect_uris` holding `http://127.0.0.1/callback` (reins' loopback
   * redirect, whose port varies). @default none: dynamic registration
   */
  clientMetadataUrl?: string;
}

/** reins' per-server additions (other clients ignore them). */
export interface ServerPolicyConfig {
  /** Skip this server (Cline's field). @default false */
  disabled?: boolean;
  /** Tool name globs (`*` wildcard) of this server that run without asking. */
  allowTools?: string[];
  /** Tool name globs of this server that are always refused. */
  denyTools?: string[];
  /** Per-call timeout in milliseconds for this server's tools. @default 60_000 */
  timeoutMs?: number;
}

export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** Approval rules across servers. Patterns are `server.tool` globs (`fs.read_*`, `*.delete_*`) or bare tool globs. */
export interface ApprovalRules {
  /** Run without asking. */
  allow?: string[];
  /** Always ask, even when annotations say read-only (annotations are hints from the server). */
  ask?: string[];
  /** Always refuse. Wins over `ask` and `allow`. */
  deny?: string[];
}

/** The `reins` section of a config file. */
export interface ReinsMcpSection {
  approve?: ApprovalRules;
  /** Directories (paths or `file://` URIs) offered to servers through `roots/list`. */
  roots?: string[];
}

export interface McpConfig {
  mcpServers?: Record<string, McpServerConfig>;
  /** VS Code's key for the same thing. */
  servers?: Record<string, McpServerConfig>;
  reins?: ReinsMcpSection;
}

/** One server entry after validation and `${VAR}` expansion. */
export type ResolvedServer =
  | ({ name: string; transport: 'stdio' } & Required<Pick<StdioServerConfig, 'command' | 'args'>> &
      Pick<StdioServerConfig, 'env' | 'cwd'> &
      ServerPolicyConfig)
  | ({ name: string; transport: 'http' | 'sse'; url: URL; headers?: Record<string, string>; oauth?: OAuthServerConfig } & ServerPolicyConfig);
