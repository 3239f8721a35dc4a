/**
 * OAuth on demand: with `authorize` (an interactive session), a 401 from an HTTP MCP server, at
 * connect or on a later call, runs the authorization code flow with PKCE and a loopback redirect
 * (the SDK's client auth) and the request goes on; a 403 `insufficient_scope` re-authorizes with
 * the union of the scopes and retries the call. Without it (unattended) nothing is registered,
 * no page is opened, and the typed error names `reins auth <server>`.
 */
import { stat } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { McpAuthorizationError } from '../../src/errors/mcp-authorization-error.ts';
import { authorizeServer, connectServers, McpServerStartError, OAuthStore, parseMcpConfig, type McpServers } from '../../src/mcp/index.ts';
import { followAuthorization, startOAuthMcpServer, type OAuthMcpServer } from '../helpers/oauth-mcp-server.ts';
import { tempDirectory } from './peers.ts';

let server: OAuthMcpServer;
let temp: Awaited<ReturnType<typeof tempDirectory>>;
let servers: McpServers | undefined;
beforeAll(async () => (server = await startOAuthMcpServer()));
afterAll(async () => server.close());
beforeEach(async () => (temp = await tempDirectory()));
afterEach(async () => {
  await servers?.close();
  servers = undefined;
  await temp.remove();
});

describe('OAuth authorization on demand', () => {
  it('on a 401 at connect, runs the browser flow once (PKCE, loopback); later sessions use the stored tokens', async () => {
    const store = new OAuthStore(`${temp.path}/oauth`);
    const opened: string[] = [];
    const before = server.authorizations.length;
    servers = await connectServers(
      { mcpServers: { notes: { url: server.url } } },
      { env: {}, oauthStore: store, authorize: { open: async (url, name) => (opened.push(name), followAuthorization(url)) } },
    );
    expect(servers.failures).toEqual([]);
    expect(opened).toEqual(['notes']);
    expect(server.authorizations.length - before).toBe(1);
    expect(server.authorizations.at(-1)!.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(JSON.stringify(await servers.toolbox.call('read_note', {}))).toContain('note: buy milk');
    expect((await stat(store.fileFor(server.url))).mode & 0o777).toBe(0o600);
    await servers.close();
    // An unattended session finds the tokens: no new authorization.
    servers = await connectServers({ mcpServers: { notes: { url: server.url } } }, { env: {}, oauthStore: store });
    expect(servers.failures).toEqual([]);
    expect(server.authorizations.length - before).toBe(1);
  });

  it('on a 403 insufficient_scope during a call, re-authorizes with the union of the scopes and retries the call', async () => {
    const store = new OAuthStore(`${temp.path}/oauth`);
    servers = await connectServers({ mcpServers: { notes: { url: server.url } } }, { env: {}, oauthStore: store, authorize: { open: followAuthorization } });
    expect(servers.failures).toEqual([]);
    const before = server.authorizations.length;
    const result = await servers.toolbox.call('write_note', { text: 'eggs' });
    expect(JSON.stringify(result)).toContain('written: eggs');
    expect(server.authorizations.length - before).toBe(1);
    expect(server.authorizations.at(-1)!.scope.split(' ').sort()).toEqual(['read', 'write']);
  });

  it('unattended: no registration, no page; the start error is typed and names `reins auth <server>`', async () => {
    const registrations = server.registrations.length;
    servers = await connectServers({ mcpServers: { notes: { url: server.url } } }, { env: {}, oauthStore: new OAuthStore(`${temp.path}/oauth`) });
    const error = servers.failures[0]?.error;
    expect(McpServerStartError.isInstance(error)).toBe(true);
    expect((error as McpServerStartError).reason).toBe('unauthorized');
    expect(error?.message).toContain('reins auth notes');
    expect(McpAuthorizationError.isInstance((error as Error).cause)).toBe(true);
    expect(server.registrations.length).toBe(registrations);
  });

  it('authorizeServer (`reins auth`): authorizes once, then finds the kept tokens; without a browser it fails typed', async () => {
    const store = new OAuthStore(`${temp.path}/oauth`);
    const parsed = parseMcpConfig({ mcpServers: { notes: { url: server.url } } }, { env: {} });
    const entry = parsed.success ? parsed.servers[0] : undefined;
    if (entry?.transport !== 'http') throw new Error('expected an http entry');
    const refusal = await authorizeServer(entry, {
      store,
      open: (url) => {
        throw new McpAuthorizationError({ serverName: 'notes', failure: 'needs-browser', authorizationUrl: url.href });
      },
    }).catch((error: unknown) => error);
    expect(McpAuthorizationError.isInstance(refusal)).toBe(true);
    expect(await authorizeServer(entry, { store, open: followAuthorization })).toBe('authorized');
    expect(await authorizeServer(entry, { store, open: followAuthorization })).toBe('already-authorized');
  });
});
