import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { McpToolCallError } from '../errors/mcp-tool-call-error.ts';
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';

export interface CallContext {
  toolName: string;
  serverName: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** True when the connection that carried the call has closed since. */
  connectionLost: boolean;
}

/** Turns what `Client.callTool` threw into `ToolTimeoutError` or a typed `McpToolCallError`. */
export function toCallError(error: unknown, context: CallContext): ToolTimeoutError | McpToolCallError {
  const { toolName, serverName } = context;
  if (context.signal?.aborted) {
    return new McpToolCallError(`The call to ${toolName} was cancelled.`, { toolName, serverName, failure: 'cancelled', cause: error });
  }
  if (context.connectionLost || (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed)) {
    return new McpToolCallError(
      `MCP server "${serverName}" crashed while running ${toolName}; it is being restarted, the call may be retried.`,
      { toolName, serverName, failure: 'server-crashed', cause: error },
    );
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return new ToolTimeoutError(toolName, context.timeoutMs);
  const code = error instanceof ProtocolError ? error.code : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  return new McpToolCallError(`MCP tool ${toolName} on "${serverName}" failed: ${detail}`, {
    toolName,
    serverName,
    failure: 'protocol-error',
    code,
    cause: error,
  });
}
