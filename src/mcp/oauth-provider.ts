/**
 * reins' OAuth client for HTTP MCP servers, as the SDK's `OAuthClientProvider`: the SDK runs
 * discovery, dynamic registration, PKCE, the token exchange and refresh; this provider keeps what
 * they produce in the `OAuthStore` and decides what "go to the authorization page" means. In an
 * interactive `reins auth` the page is opened (or shown) and the code comes back to a loopback
 * redirect; elsewhere (`--no-input`, a run) it fails with a message naming `reins auth <server>`.
 */
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import type { OAuthStore } from './oauth-store.ts';

export interface ReinsOAuthProviderOptions {
  store: OAuthStore;
  /** The server's URL: the store key. */
  serverUrl: string;
  /** The loopback redirect (`http://127.0.0.1:<port>/callback`) of an interactive flow. Without it, no browser flow. */
  redirectUrl?: string;
  /** Goes to the authorization page. @default throws: this session cannot authorize (see `reins auth`) */
  openAuthorization?: (url: URL) => void | Promise<void>;
  /** Sent in dynamic registration. @default 'reins' */
  clientName?: string;
  /** Scopes to ask for. @default the server's */
  scope?: string;
}

/** Thrown by `redirectToAuthorization` when nobody can visit the page. */
export class AuthorizationNeeded extends Error {
  readonly authorizationUrl: URL;
  constructor(authorizationUrl: URL) {
    super('The server needs an OAuth authorization that this session cannot perform.');
    this.authorizationUrl = authorizationUrl;
    this.name = 'AuthorizationNeeded';
  }
  static is(value: unknown): value is AuthorizationNeeded {
    return value instanceof Error && value.name === 'AuthorizationNeeded';
  }
}

export class ReinsOAuthProvider implements OAuthClientProvider {
  readonly #options: ReinsOAuthProviderOptions;

  constructor(options: ReinsOAuthProviderOptions) {
    this.#options = options;
  }

  get redirectUrl(): string | undefined {
    return this.#options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'reins',
      redirect_uris: this.#options.redirectUrl ? [this.#options.redirectUrl] : [],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.#options.scope ? { scope: this.#options.scope } : {}),
    };
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

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    await this.#options.store.update(this.#options.serverUrl, (record) => ({ ...record, tokens }));
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.#options.openAuthorization || !this.#options.redirectUrl) throw new AuthorizationNeeded(url);
    await this.#options.openAuthorization(url);
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
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
      return record;
    });
  }

  #read() {
    return this.#options.store.read(this.#options.serverUrl);
  }
}
