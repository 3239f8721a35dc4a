import { isErrorNamed, ReinsError } from './reins-error.ts';

/** Why an MCP tool call produced no result. */
export type McpToolCallFailure =
  | 'server-crashed' // the server process exited or the connection closed while the call was in flight
  | 'server-unavailable' // the server was dropped after crashing too often, or is closed
  | 'cancelled' // the caller's signal aborted (the SDK sent `notifications/cancelled`)
  | 'protocol-error' // the server answered with a JSON-RPC error
  | 'unknown-tool'; // no tool of that name in the toolbox

/**
 * An MCP tool call could not produce a result. Tool fault (fed back to the model as an
 * observation) except `cancelled`, whose fault is `cancelled`. A result with `isError: true` is
 * not this error: it is a result.
 */
export class McpToolCallError extends ReinsError {
  static readonly errorName = 'Reins_McpToolCallError';
  static override isInstance = isErrorNamed<McpToolCallError>(McpToolCallError.errorName);
  readonly fault: 'tool' | 'cancelled';
  /** The tool's name in the toolbox (possibly server-prefixed). */
  readonly toolName: string;
  /** The server that owns the tool, when known. */
  readonly serverName?: string;
  readonly failure: McpToolCallFailure;
  /** The JSON-RPC error code, for `protocol-error`. */
  readonly code?: number;

  constructor(
    message: string,
    fields: { toolName: string; serverName?: string; failure: McpToolCallFailure; code?: number; cause?: unknown },
  ) {
    super(message, { cause: fields.cause });
    this.toolName = fields.toolName;
    this.serverName = fields.serverName;
    this.failure = fields.failure;
    this.code = fields.code;
    this.fault = fields.failure === 'cancelled' ? 'cancelled' : 'tool';
  }
}
