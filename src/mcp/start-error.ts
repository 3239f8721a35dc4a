import { ProtocolError, SdkError, SdkErrorCode, SdkHttpError, UnauthorizedError } from '@modelcontextprotocol/client';
import { McpAuthorizationError } from '../errors/mcp-authorization-error.ts';
import { McpServerStartError, type McpServerStartReason } from '../errors/mcp-server-start-error.ts';
import type { ResolvedServer } from './mcp-config.ts';

const hints: Record<McpServerStartReason, (context: { stderr: string; timeoutMs: number }) => string> = {
  'command-not-found': () => 'check "command" (is it installed and on PATH?)',
  exited: ({ stderr }) => `the process exited before the MCP handshake${stderr ? '; its stderr is below' : ', writing nothing to stderr'}`,
  timeout: ({ stderr, timeoutMs }) =>
    `no answer to the MCP handshake within ${formatSeconds(timeoutMs)}; the server was stopped${stderr ? ' (its stderr is below)' : ' (it wrote nothing to stderr)'}`,
  unreachable: () => 'check "url" and that the server is running',
  'handshake-failed': () => 'the server rejected the MCP handshake',
  unauthorized: () => 'the server wants credentials: run `reins auth <server>` (OAuth), or set "oauth" client credentials or an Authorization header in the config',
};

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function classify(server: ResolvedServer, error: unknown): McpServerStartReason {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EACCES') return 'command-not-found';
  if (error instanceof SdkHttpError && (error.data.status === 401 || error.data.status === 403)) return 'unauthorized';
  if (error instanceof UnauthorizedError || McpAuthorizationError.isInstance(error)) return 'unauthorized';
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) return 'timeout';
  if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed) return 'exited';
  if (error instanceof ProtocolError) return 'handshake-failed';
  return server.transport === 'stdio' ? 'exited' : 'unreachable';
}

/** Turns what `Client.connect` threw into a typed error that names the server and says what to check. */
export function toStartError(server: ResolvedServer, error: unknown, stderr: string, context: { timeoutMs: number }): McpServerStartError {
  const reason = classify(server, error);
  const what = server.transport === 'stdio' ? `"${[server.command, ...server.args].join(' ')}"` : server.url.href;
  if (McpAuthorizationError.isInstance(error)) {
    return new McpServerStartError(`MCP server "${server.name}" (${what}) did not start. ${error.message}`, { serverName: server.name, reason, cause: error });
  }
  const detail = (error instanceof Error ? error.message : String(error)).replace('<server>', server.name);
  const tail = stderr ? `\nstderr:\n${stderr}` : '';
  return new McpServerStartError(
    `MCP server "${server.name}" (${what}) did not start: ${hints[reason]({ stderr, timeoutMs: context.timeoutMs }).replace('<server>', server.name)} (${detail})${tail}`,
    { serverName: server.name, reason, stderr: stderr || undefined, cause: error },
  );
}
