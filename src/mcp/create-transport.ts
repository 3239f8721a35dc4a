/**
 * One SDK transport per resolved server entry: stdio spawn (reins' own, see
 * stdio-process-transport.ts), Streamable HTTP, or legacy SSE.
 * The stdio server's stderr is piped and its tail kept for error messages.
 */
import {
  ClientCredentialsProvider,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type OAuthClientProvider,
  type Transport,
} from '@modelcontextprotocol/client';
import type { ResolvedServer } from './mcp-config.ts';
import type { InteractiveAuthorization } from './interactive-authorization.ts';
import { ReinsOAuthProvider } from './oauth-provider.ts';
import { OAuthStore } from './oauth-store.ts';
import { serverEnvironment } from './server-environment.ts';
import { StdioProcessTransport, type TooLargeInfo } from './stdio-process-transport.ts';

/** How much of the server's stderr is kept for messages. */
const stderrTailChars = 2000;

/** The default of `maxResultBytes`: 10 MiB, as the MCP SDK. */
export const DEFAULT_MAX_RESULT_BYTES = 10 * 1024 * 1024;

export interface ServerTransport {
  transport: Transport;
  /** The last characters the process wrote to stderr (stdio only). */
  stderrTail(): string;
  /** The child's pid (stdio only, after start). */
  pid(): number | undefined;
  /** Size details when `error` is the failure of a result over the limit (stdio only). */
  tooLarge(error: unknown): TooLargeInfo | undefined;
}

export interface TransportOptions {
  /** `pipe` keeps stderr for error messages; `inherit` shows it in the terminal. @default 'pipe' */
  stderr?: 'pipe' | 'inherit' | 'ignore';
  /** Largest message read from a stdio server, in bytes. @default DEFAULT_MAX_RESULT_BYTES */
  maxResultBytes?: number;
  /** Where passed-through variables (proxies, certificates) come from. @default process.env */
  env?: Record<string, string | undefined>;
  /** Where OAuth credentials of HTTP servers are kept. @default new OAuthStore() (reins' config directory) */
  oauthStore?: OAuthStore;
  /** The OAuth provider of an HTTP server, replacing the default one. */
  authProvider?: OAuthClientProvider;
  /** The browser side of OAuth in an interactive session, with its loopback redirect URL. @default none: stored tokens only */
  authorization?: { interactive: InteractiveAuthorization; redirectUrl: string };
}

type HttpServer = Extract<ResolvedServer, { transport: 'http' | 'sse' }>;

/** True when the server's OAuth is reins' authorization code flow (no client secret, no `Authorization` header of its own). */
export function usesAuthorizationCode(server: HttpServer): boolean {
  if (server.oauth?.clientId && server.oauth.clientSecret) return false;
  return !Object.keys(server.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

/**
 * The SDK's client auth for an HTTP server: the client credentials grant when the config has a
 * secret, no OAuth when the config sends its own `Authorization` header, else the authorization
 * code flow: stored tokens (refreshed by the SDK), and in an interactive session the browser flow
 * whenever the server asks (401, 403 `insufficient_scope`).
 */
function authProviderFor(
  server: HttpServer,
  store: OAuthStore = new OAuthStore(),
  authorization?: TransportOptions['authorization'],
): OAuthClientProvider | undefined {
  const { oauth } = server;
  if (oauth?.clientId && oauth.clientSecret) {
    return new ClientCredentialsProvider({ clientId: oauth.clientId, clientSecret: oauth.clientSecret, ...(oauth.scope ? { scope: oauth.scope } : {}) });
  }
  if (!usesAuthorizationCode(server)) return undefined;
  return new ReinsOAuthProvider({
    store,
    serverUrl: server.url.href,
    serverName: server.name,
    ...(authorization ?? {}),
    ...(oauth?.scope ? { scope: oauth.scope } : {}),
    ...(oauth?.clientMetadataUrl ? { clientMetadataUrl: oauth.clientMetadataUrl } : {}),
  });
}

export function createTransport(server: ResolvedServer, options: TransportOptions = {}): ServerTransport {
  if (server.transport === 'stdio') {
    let tail = '';
    const stdio = new StdioProcessTransport({
      serverName: server.name,
      command: server.command,
      args: server.args,
      env: serverEnvironment(server.env, options.env ?? process.env),
      cwd: server.cwd,
      stderr: options.stderr ?? 'pipe',
      maxMessageBytes: options.maxResultBytes ?? DEFAULT_MAX_RESULT_BYTES,
      onStderr: (text) => (tail = (tail + text).slice(-stderrTailChars)),
    });
    return { transport: stdio, stderrTail: () => tail.trim(), pid: () => stdio.pid, tooLarge: (error) => stdio.tooLarge(error) };
  }
  const requestInit = server.headers ? { headers: server.headers } : undefined;
  const authProvider = options.authProvider ?? authProviderFor(server, options.oauthStore, options.authorization);
  const transport =
    server.transport === 'sse'
      ? new SSEClientTransport(server.url, { requestInit, authProvider })
      : new StreamableHTTPClientTransport(server.url, { requestInit, authProvider });
  return { transport, stderrTail: () => '', pid: () => undefined, tooLarge: () => undefined };
}
