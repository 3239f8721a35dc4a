import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { McpInputRoundsError } from '../errors/mcp-input-rounds-error.ts';
import { McpToolCallError } from '../errors/mcp-tool-call-error.ts';
import { ToolTimeoutError } from '../errors/tool-timeout-error.ts';

export interface CallContext {
  toolName: string;
  serverName: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** True when the connection that carried the call has closed since. */
  connectionLost: boolean;
  /** The cap on input_required rounds the call ran with. */
  maxInputRounds?: number;
}

/** Turns what `Client.callTool` threw into `ToolTimeoutError`, `McpInputRoundsError` or a typed `McpToolCallError`. */
export function toCallError(error: unknown, context: CallContext): ToolTimeoutError | McpToolCallError | McpInputRoundsError {
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
  if (error instanceof SdkError && error.code === SdkErrorCode.InputRequiredRoundsExceeded) {
    const data = error.data as { rounds?: number } | undefined;
    return new McpInputRoundsError({ serverName, toolName, rounds: data?.rounds ?? context.maxInputRounds ?? 0, cause: error });
  }
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
