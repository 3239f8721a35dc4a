/**
 * One SDK transport per resolved server entry: stdio spawn, Streamable HTTP, or legacy SSE.
 * The stdio server's stderr is piped and its tail kept for error messages.
 */
import { SSEClientTransport, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ResolvedServer } from './mcp-config.ts';

/** How much of the server's stderr is kept for messages. */
const stderrTailChars = 2000;

export interface ServerTransport {
  transport: Transport;
  /** The last characters the process wrote to stderr (stdio only). */
  stderrTail(): string;
  /** The child's pid (stdio only, after start). */
  pid(): number | undefined;
}

export interface TransportOptions {
  /** `pipe` keeps stderr for error messages; `inherit` shows it in the terminal. @default 'pipe' */
  stderr?: 'pipe' | 'inherit' | 'ignore';
}

export function createTransport(server: ResolvedServer, options: TransportOptions = {}): ServerTransport {
  if (server.transport === 'stdio') {
    const stdio = new StdioClientTransport({
      command: server.command,
      args: server.args,
      env: server.env,
      cwd: server.cwd,
      stderr: options.stderr ?? 'pipe',
    });
    let tail = '';
    stdio.stderr?.on('data', (chunk: Buffer | string) => {
      tail = (tail + chunk.toString()).slice(-stderrTailChars);
    });
    return { transport: stdio, stderrTail: () => tail.trim(), pid: () => stdio.pid ?? undefined };
  }
  const requestInit = server.headers ? { headers: server.headers } : undefined;
  const transport =
    server.transport === 'sse'
      ? new SSEClientTransport(server.url, { requestInit })
      : new StreamableHTTPClientTransport(server.url, { requestInit });
  return { transport, stderrTail: () => '', pid: () => undefined };
}
