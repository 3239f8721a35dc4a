/**
 * The browser side of OAuth for one HTTP MCP server in an interactive session. The SDK's client
 * auth (discovery, registration, PKCE, the token exchange) ends an authorization code flow by
 * "redirecting" to the authorization page and failing the request with `UnauthorizedError`; reins'
 * provider records that page here (`request`). The connection then calls `complete`: the page is
 * opened, the code comes back to the loopback redirect (its `state` checked), the transport's
 * `finishAuth` exchanges it, and the connection retries what failed. This happens between MCP
 * requests, so no request timeout runs while the human is in the browser. One flow at a time per
 * server: a request that would start another while one is open waits for it instead.
 */
import { randomBytes } from 'node:crypto';
import { UnauthorizedError, type Transport } from '@modelcontextprotocol/client';
import { McpAuthorizationError } from '../errors/mcp-authorization-error.ts';
import { startLoopbackRedirect, type LoopbackRedirect } from './loopback-redirect.ts';
import type { OAuthStore } from './oauth-store.ts';

export interface AuthorizeOnDemandOptions {
  /** Sends the human to the authorization page of server `server` (shows the URL, opens a browser). */
  open: (url: URL, server: string) => void | Promise<void>;
  /** How long to wait for the browser to come back to the loopback redirect. @default 300_000 */
  timeoutMs?: number;
}

/** Thrown (through the SDK) when a request would start a second flow while one is open. */
export class AuthorizationInProgress extends Error {
  constructor() {
    super('An OAuth authorization of this server is in progress.');
    this.name = 'AuthorizationInProgress';
  }
  static is(value: unknown): value is AuthorizationInProgress {
    return value instanceof Error && value.name === 'AuthorizationInProgress';
  }
}

export class InteractiveAuthorization {
  readonly serverName: string;
  readonly #options: AuthorizeOnDemandOptions;
  #loopback?: Promise<LoopbackRedirect>;
  #pending?: { url: URL; state: string | undefined };
  #state?: string;
  #inFlight?: Promise<void>;
  /** Flows completed (the page visited and the code exchanged). */
  completed = 0;

  constructor(serverName: string, options: AuthorizeOnDemandOptions) {
    this.serverName = serverName;
    this.#options = options;
  }

  /**
   * Starts the loopback listener (once) and gives its redirect URL. It takes the port of
   * `registered` (the redirect URI the stored client was registered with, which authorization
   * servers may hold it to) when that is free.
   */
  async redirectUrl(registered?: string): Promise<string> {
    this.#loopback ??= startLoopbackRedirect({ port: loopbackPort(registered) });
    return (await this.#loopback).redirectUrl;
  }

  /** `redirectUrl` on the port of the redirect URI the server's stored client was registered with. */
  async redirectUrlFor(store: OAuthStore, serverUrl: string): Promise<string> {
    // The registration response the SDK keeps holds the client's metadata, redirect_uris included.
    const registered = ((await store.read(serverUrl)).client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    return this.redirectUrl(Array.isArray(registered) && typeof registered[0] === 'string' ? registered[0] : undefined);
  }

  /**
   * After a request on `transport` failed with `error`: when the SDK prepared an authorization
   * (`UnauthorizedError`) or another request's flow is open, runs or awaits it; true when the
   * request may be made again.
   */
  async retryAfter(error: unknown, transport: Transport, signal?: AbortSignal): Promise<boolean> {
    if (!(error instanceof UnauthorizedError || AuthorizationInProgress.is(error))) return false;
    const http = transport as { finishAuth?: (params: URLSearchParams) => Promise<void> };
    if (!http.finishAuth) return false;
    return this.complete((params) => http.finishAuth!(params), signal);
  }

  /** True while a page is open and its callback awaited. */
  get inFlight(): boolean {
    return this.#inFlight !== undefined;
  }

  /** A fresh `state` for the next authorization request. */
  newState(): string {
    this.#state = randomBytes(16).toString('base64url');
    return this.#state;
  }

  /** The SDK's "redirect": kept until the failed request's owner calls `complete`. */
  request(url: URL): void {
    this.#pending = { url, state: url.searchParams.get('state') ?? this.#state };
  }

  /**
   * After a request failed for want of authorization: runs the recorded flow (or waits for the one
   * in flight) and resolves true when the request may be retried; false when there was none.
   */
  async complete(finishAuth: (params: URLSearchParams) => Promise<void>, signal?: AbortSignal): Promise<boolean> {
    if (this.#inFlight) {
      await this.#inFlight;
      return true;
    }
    const pending = this.#pending;
    this.#pending = undefined;
    if (!pending) return false;
    this.#inFlight = this.#run(pending, finishAuth, signal).finally(() => (this.#inFlight = undefined));
    await this.#inFlight;
    this.completed += 1;
    return true;
  }

  async #run(pending: { url: URL; state: string | undefined }, finishAuth: (params: URLSearchParams) => Promise<void>, signal?: AbortSignal): Promise<void> {
    const loopback = await (this.#loopback ?? Promise.reject(new Error('no loopback redirect')));
    const timeoutMs = this.#options.timeoutMs ?? 300_000;
    const done = new AbortController();
    const waiting = AbortSignal.any([AbortSignal.timeout(timeoutMs), done.signal, ...(signal ? [signal] : [])]);
    const callback = loopback.next(pending.state, waiting).catch((error: unknown) => {
      if (signal?.aborted) throw signal.reason;
      throw new McpAuthorizationError({ serverName: this.serverName, failure: 'timeout', detail: `waited ${Math.round(timeoutMs / 1000)} s`, authorizationUrl: pending.url.href, cause: error });
    });
    let params: URLSearchParams;
    try {
      await this.#options.open(pending.url, this.serverName);
      params = await callback;
    } finally {
      done.abort();
      callback.catch(() => undefined);
    }
    const refused = params.get('error');
    if (refused) {
      const detail = [refused, params.get('error_description')].filter(Boolean).join(': ');
      throw new McpAuthorizationError({ serverName: this.serverName, failure: 'refused', detail, authorizationUrl: pending.url.href });
    }
    await finishAuth(params);
  }

  async close(): Promise<void> {
    const loopback = this.#loopback;
    this.#loopback = undefined;
    await (await loopback?.catch(() => undefined))?.close();
  }
}

function loopbackPort(uri: string | undefined): number | undefined {
  if (!uri || !URL.canParse(uri)) return undefined;
  const url = new URL(uri);
  return url.hostname === '127.0.0.1' && url.pathname === '/callback' && url.port ? Number(url.port) : undefined;
}
