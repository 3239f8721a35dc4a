/**
 * OAuth credentials of HTTP servers: kept per server URL in files of mode 0600 (directory 0700),
 * outside the session store; a provider without a browser flow refuses to authorize and the start
 * error says to run `reins auth <server>`.
 */
import { stat } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpAuthorizationError } from '../../src/errors/mcp-authorization-error.ts';
import { toStartError } from '../../src/mcp/start-error.ts';
import { OAuthStore, ReinsOAuthProvider } from '../../src/mcp/index.ts';
import { tempDirectory } from './peers.ts';

let temp: Awaited<ReturnType<typeof tempDirectory>>;
beforeEach(async () => (temp = await tempDirectory()));
afterEach(async () => temp.remove());

describe('OAuth credentials of HTTP servers', () => {
  it('are stored per server URL with mode 0600 in a 0700 directory, and survive a new provider', async () => {
    const store = new OAuthStore(`${temp.path}/oauth`);
    const provider = new ReinsOAuthProvider({ store, serverUrl: 'https://mcp.example/mcp' });
    await provider.saveClientInformation({ client_id: 'reins-client' });
    await provider.saveTokens({ access_token: 'secret-access', token_type: 'Bearer', refresh_token: 'secret-refresh' });
    const file = store.fileFor('https://mcp.example/mcp');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(`${temp.path}/oauth`)).mode & 0o777).toBe(0o700);
    const again = new ReinsOAuthProvider({ store, serverUrl: 'https://mcp.example/mcp' });
    expect(await again.tokens()).toMatchObject({ access_token: 'secret-access', refresh_token: 'secret-refresh' });
    expect(await again.clientInformation()).toEqual({ client_id: 'reins-client' });
    // Another server's record is another file.
    expect(await new ReinsOAuthProvider({ store, serverUrl: 'https://other.example/mcp' }).tokens()).toBeUndefined();
    await again.invalidateCredentials('tokens');
    expect(await again.tokens()).toBeUndefined();
    expect(await again.clientInformation()).toEqual({ client_id: 'reins-client' });
  });

  it('without a browser flow, authorization is refused and the start error names `reins auth <server>`', async () => {
    const provider = new ReinsOAuthProvider({ store: new OAuthStore(temp.path), serverUrl: 'https://mcp.example/mcp', serverName: 'remote' });
    const refused = await Promise.resolve(provider.redirectToAuthorization(new URL('https://auth.example/authorize'))).catch((error: unknown) => error);
    expect(McpAuthorizationError.isInstance(refused)).toBe(true);
    expect((refused as McpAuthorizationError).message).toContain('reins auth remote');
    const server = { name: 'remote', transport: 'http' as const, url: new URL('https://mcp.example/mcp') };
    const error = toStartError(server, refused, '', { timeoutMs: 30_000 });
    expect(error.reason).toBe('unauthorized');
    expect(error.message).toContain('`reins auth remote`');
  });
});
