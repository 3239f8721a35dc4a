import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Why an MCP server could not be started or connected. */
export type McpServerStartReason =
  | 'command-not-found' // the stdio command does not exist (ENOENT) or is not executable
  | 'exited' // the process exited (or the connection closed) before the handshake completed
  | 'timeout' // no handshake within the connect timeout
  | 'unreachable' // the HTTP endpoint refused or failed the connection
  | 'unauthorized' // the HTTP endpoint answered 401/403 (reins sends configured headers; no OAuth flow)
  | 'handshake-failed'; // the server answered, but the MCP handshake failed

/**
 * An MCP server from the config did not start. The other servers still connect; this error is
 * listed in the failures of `connectServers` and reported through `onServerEvent`.
 * `command-not-found` and `unauthorized` are user faults (fix the config); the others are transport faults.
 */
export class McpServerStartError extends ReinsError {
  static readonly errorName = 'Reins_McpServerStartError';
  static override isInstance = isErrorNamed<McpServerStartError>(McpServerStartError.errorName);
  readonly fault: 'user' | 'transport';
  /** The server's name in the config. */
  readonly serverName: string;
  readonly reason: McpServerStartReason;
  /** The last lines the server wrote to stderr, when it is a stdio server and wrote any. */
  readonly stderr?: string;

  constructor(
    message: string,
    fields: { serverName: string; reason: McpServerStartReason; stderr?: string; cause?: unknown },
  ) {
    super(message, { cause: fields.cause });
    this.serverName = fields.serverName;
    this.reason = fields.reason;
    this.stderr = fields.stderr;
    this.fault = fields.reason === 'command-not-found' || fields.reason === 'unauthorized' ? 'user' : 'transport';
  }
}
