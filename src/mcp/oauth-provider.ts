/**
 * reins' OAuth client for HTTP MCP servers, as the SDK's `OAuthClientProvider`: the SDK runs
 * discovery, registration (dynamic, or a URL client_id when the authorization server supports
 * Client ID Metadata Documents), PKCE, the token exchange, refresh, scope step-up and re-discovery
 * when the authorization server changes; this provider keeps what they produce in the `OAuthStore`
 * and decides what "go to the authorization page" means. In an interactive session the page is
 * handed to `InteractiveAuthorization` (opened, the code comes back to a loopback redirect);
 * elsewhere (`--no-input`, no terminal) a flow that needs a browser fails with
 * `McpAuthorizationError` naming `reins auth <server>`, before anything is registered.
 */
import {
  validateClientMetadataUrl,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { McpAuthorizationError } from '../errors/mcp-authorization-error.ts';
import { AuthorizationInProgress, type InteractiveAuthorization } from './interactive-authorization.ts';
import type { OAuthStore } from './oauth-store.ts';

/** The redirect URI of a session that cannot take one: never visited (no flow starts without a browser). */
const UNUSED_REDIRECT = 'http://127.0.0.1/callback';

export interface ReinsOAuthProviderOptions {
  store: OAuthStore;
  /** The server's URL: the store key. */
  serverUrl: string;
  /** The server's name in the config, for messages. @default the URL's host */
  serverName?: string;
  /** The browser side of an interactive session. Without it: stored tokens only (refreshed), never a browser flow. */
  interactive?: InteractiveAuthorization;
  /** The loopback redirect (`http://127.0.0.1:<port>/callback`) of `interactive`. */
  redirectUrl?: string;
  /** Sent in dynamic registration. @default 'reins' */
  clientName?: string;
  /** Scopes to ask for. @default the server's (`WWW-Authenticate`, then its metadata) */
  scope?: string;
  /**
   * An HTTPS URL where this client's metadata document is published (Client ID Metadata
   * Documents): it is the `client_id` at authorization servers that support them, instead of
   * dynamic registration.
   */
  clientMetadataUrl?: string;
}

export class ReinsOAuthProvider implements OAuthClientProvider {
  readonly #options: ReinsOAuthProviderOptions;
  readonly clientMetadataUrl?: string;

  constructor(options: ReinsOAuthProviderOptions) {
    validateClientMetadataUrl(options.clientMetadataUrl);
    this.#options = options;
    if (options.clientMetadataUrl) this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get #serverName(): string {
    return this.#options.serverName ?? new URL(this.#options.serverUrl).host;
  }

  get redirectUrl(): string {
    return this.#options.redirectUrl ?? UNUSED_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'reins',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.#options.scope ? { scope: this.#options.scope } : {}),
    };
  }

  state(): string {
    return this.#options.interactive ? this.#options.interactive.newState() : crypto.randomUUID();
  }

  async clientInformation(): Promise<StoredOAuthClientInformation | undefined> {
    return (await this.#read()).client;
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    await this.#options.store.update(this.#options.serverUrl, (record) => ({ ...record, client }));
  }

  async tokens(): Promise<StoredOAuthTokens | undefined> {
    return (await this.#read()).tokens;
  }

  /** New tokens end a flow: the discovery kept for its callback is dropped, so the next 401 discovers afresh. */
  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.#options.store.update(this.#options.serverUrl, (record) => ({ ...record, tokens, discovery: undefined, codeVerifier: undefined }));
  }

  /**
   * The first thing the SDK's `auth()` asks: the discovery of a flow in progress (its callback leg
   * is checked against the authorization server it started with). Unattended, with no refresh
   * token to try, the flow cannot end well: it stops here, before any registration.
   */
  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    const record = await this.#read();
    if (!this.#options.interactive && !record.tokens?.refresh_token) {
      throw new McpAuthorizationError({ serverName: this.#serverName, failure: 'needs-browser' });
    }
    return record.discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.#options.store.update(this.#options.serverUrl, (record) => ({ ...record, discovery }));
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.#options.interactive) throw new McpAuthorizationError({ serverName: this.#serverName, failure: 'needs-browser', authorizationUrl: url.href });
    this.#options.interactive.request(url);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    // The verifier of the flow whose page is open must survive until its code comes back.
    if (this.#options.interactive?.inFlight) throw new AuthorizationInProgress();
    await this.#options.store.update(this.#options.serverUrl, (record) => ({ ...record, codeVerifier }));
  }

  async codeVerifier(): Promise<string> {
    const verifier = (await this.#read()).codeVerifier;
    if (!verifier) throw new Error('No PKCE code verifier saved for this server.');
    return verifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    await this.#options.store.update(this.#options.serverUrl, (record) => {
      if (scope === 'all') return { serverUrl: record.serverUrl };
      if (scope === 'client') return { ...record, client: undefined };
      if (scope === 'tokens') return { ...record, tokens: undefined };
      if (scope === 'verifier') return { ...record, codeVerifier: undefined };
      return { ...record, discovery: undefined };
    });
  }

  #read() {
    return this.#options.store.read(this.#options.serverUrl);
  }
}
