/**
 * `authorizeServer`: the OAuth authorization of one HTTP MCP server, ahead of the runs that use it
 * (`reins auth <server>`). It connects as a run does, with the browser flow on demand: when the
 * server asks (401), the SDK's client auth (discovery, registration or a Client ID Metadata
 * Document, PKCE) prepares the authorization page, `open` sends the human there, the code comes
 * back to a loopback redirect and is exchanged. The tokens land in the `OAuthStore`, where later
 * connections find (and refresh) them. Servers with client credentials just get their token.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { McpAuthorizationError } from '../errors/mcp-authorization-error.ts';
import { usesAuthorizationCode } from './create-transport.ts';
import type { ResolvedServer } from './mcp-config.ts';
import { OAuthStore } from './oauth-store.ts';
import { McpServerConnection } from './server-connection.ts';

export interface AuthorizeServerOptions {
  /** Visits the authorization page: opens a browser, prints the URL, or (tests) follows it. */
  open: (url: URL) => void | Promise<void>;
  /** @default new OAuthStore() */
  store?: OAuthStore;
  /** How long to wait for the redirect. @default 300_000 */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type AuthorizeOutcome = 'authorized' | 'already-authorized' | 'client-credentials';

type HttpServer = Extract<ResolvedServer, { transport: 'http' | 'sse' }>;

/** Throws `McpAuthorizationError` when the authorization fails (no browser, timeout, refused), else `McpServerStartError`. */
export async function authorizeServer(server: HttpServer, options: AuthorizeServerOptions): Promise<AuthorizeOutcome> {
  const connection = new McpServerConnection(server, {
    clientInfo: { name: 'reins', version: packageJson.version },
    oauthStore: options.store ?? new OAuthStore(),
    authorize: { open: (url) => options.open(url), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) },
    onEvent: () => undefined,
    onToolsChange: () => undefined,
  });
  try {
    await connection.start(options.signal);
  } catch (error) {
    // What went wrong with the authorization itself says more than "did not start".
    const cause = (error as Error).cause;
    throw McpAuthorizationError.isInstance(cause) ? cause : error;
  } finally {
    await connection.close();
  }
  if (!usesAuthorizationCode(server)) return 'client-credentials';
  return connection.authorizations > 0 ? 'authorized' : 'already-authorized';
}
