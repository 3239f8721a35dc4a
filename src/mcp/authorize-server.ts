/**
 * `authorizeServer`: the OAuth authorization code flow with PKCE for one HTTP MCP server, run by the
 * SDK's client auth (discovery, registration, token exchange) with a loopback redirect; the tokens
 * land in the `OAuthStore`, where later connections find (and refresh) them. `reins auth <server>`.
 */
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import packageJson from '../../package.json' with { type: 'json' };
import { abortableSleep } from '../models/abortable-sleep.ts';
import { authProviderFor } from './create-transport.ts';
import { startLoopbackRedirect } from './loopback-redirect.ts';
import type { ResolvedServer } from './mcp-config.ts';
import { ReinsOAuthProvider } from './oauth-provider.ts';
import { OAuthStore } from './oauth-store.ts';

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

async function connects(server: HttpServer, authProvider: ReturnType<typeof authProviderFor>): Promise<void> {
  const client = new Client({ name: 'reins', version: packageJson.version }, { versionNegotiation: { mode: 'auto' } });
  const transport = new StreamableHTTPClientTransport(server.url, { requestInit: server.headers ? { headers: server.headers } : undefined, authProvider });
  try {
    await client.connect(transport);
  } finally {
    await client.close().catch(() => undefined);
  }
}

export async function authorizeServer(server: HttpServer, options: AuthorizeServerOptions): Promise<AuthorizeOutcome> {
  const store = options.store ?? new OAuthStore();
  const configured = authProviderFor(server, store);
  if (configured && !(configured instanceof ReinsOAuthProvider)) {
    await connects(server, configured);
    return 'client-credentials';
  }
  const loopback = await startLoopbackRedirect();
  const provider = new ReinsOAuthProvider({
    store,
    serverUrl: server.url.href,
    redirectUrl: loopback.redirectUrl,
    openAuthorization: options.open,
    ...(server.oauth?.scope ? { scope: server.oauth.scope } : {}),
  });
  try {
    const transport = new StreamableHTTPClientTransport(server.url, { requestInit: server.headers ? { headers: server.headers } : undefined, authProvider: provider });
    const client = new Client({ name: 'reins', version: packageJson.version }, { versionNegotiation: { mode: 'auto' } });
    try {
      await client.connect(transport);
      return 'already-authorized';
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    } finally {
      await client.close().catch(() => undefined);
    }
    const waited = new AbortController();
    const timeout = abortableSleep(options.timeoutMs ?? 300_000, AbortSignal.any([waited.signal, ...(options.signal ? [options.signal] : [])])).then(
      () => Promise.reject(new Error('No authorization arrived at the loopback redirect in time.')),
      () => Promise.reject(options.signal?.reason ?? new Error('cancelled')),
    );
    const params = await Promise.race([loopback.callback, timeout]).finally(() => waited.abort());
    const failure = params.get('error');
    if (failure) throw new Error(`The authorization server refused: ${failure} ${params.get('error_description') ?? ''}`.trim());
    await transport.finishAuth(params);
    await connects(server, provider);
    return 'authorized';
  } finally {
    await loopback.close();
  }
}
