/**
 * An OAuth-protected MCP server on 127.0.0.1 (random port), for tests of reins' client auth: one
 * HTTP listener is both the resource server (Streamable HTTP MCP at `/mcp`, protected resource
 * metadata) and its authorization server (metadata, dynamic registration, an `/authorize` that
 * consents at once and redirects back with a code, a `/token` that checks PKCE S256).
 * Every MCP request needs a bearer token with scope `read` (401 with `scope="read"` otherwise);
 * calling `write_note` needs `write` too (403 `insufficient_scope`, `scope="write"`).
 * What the client did is recorded: registrations, authorization requests (client, scope), tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export interface OAuthMcpServer {
  /** The MCP endpoint: `http://127.0.0.1:<port>/mcp`. */
  url: string;
  registrations: Array<{ clientId: string; redirectUris: string[] }>;
  authorizations: Array<{ clientId: string; scope: string; redirectUri: string }>;
  tokens: Array<{ token: string; scope: string }>;
  close(): Promise<void>;
}

function notesServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  server.registerTool('read_note', { description: 'Reads the note.', inputSchema: z.object({}) }, async () => ({ content: [{ type: 'text', text: 'note: buy milk' }] }));
  server.registerTool('write_note', { description: 'Writes the note.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text: `written: ${text}` }],
  }));
  return server;
}

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const state: Omit<OAuthMcpServer, 'url' | 'close'> = { registrations: [], authorizations: [], tokens: [] };
  const codes = new Map<string, { challenge: string; clientId: string; scope: string; redirectUri: string }>();
  const granted = new Map<string, Set<string>>();
  let origin = '';
  const prm = () => `${origin}/.well-known/oauth-protected-resource/mcp`;
  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

  async function mcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = req.method === 'POST' ? await readBody(req) : '';
    const message = text ? (JSON.parse(text) as { method?: string; params?: { name?: string } }) : undefined;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const scopes = token ? granted.get(token) : undefined;
    if (!scopes || !scopes.has('read')) {
      json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': `Bearer resource_metadata="${prm()}", scope="read"` });
      return;
    }
    if (message?.method === 'tools/call' && message.params?.name === 'write_note' && !scopes.has('write')) {
      json(res, 403, { error: 'insufficient_scope' }, { 'www-authenticate': `Bearer error="insufficient_scope", scope="write", resource_metadata="${prm()}"` });
      return;
    }
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = notesServer();
    res.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, message);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/mcp') return mcp(req, res);
    if (url.pathname === '/.well-known/oauth-protected-resource/mcp') {
      return json(res, 200, { resource: `${origin}/mcp`, authorization_servers: [origin], scopes_supported: ['read', 'write'] });
    }
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json(res, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
        authorization_response_iss_parameter_supported: true,
        scopes_supported: ['read', 'write'],
      });
    }
    if (url.pathname === '/register' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as { redirect_uris?: string[] };
      const clientId = `client-${state.registrations.length + 1}`;
      state.registrations.push({ clientId, redirectUris: body.redirect_uris ?? [] });
      return json(res, 201, { ...body, client_id: clientId });
    }
    if (url.pathname === '/authorize') {
      const query = url.searchParams;
      const clientId = query.get('client_id') ?? '';
      const redirectUri = query.get('redirect_uri') ?? '';
      const registered = state.registrations.find((entry) => entry.clientId === clientId);
      if (!registered || !registered.redirectUris.includes(redirectUri) || query.get('code_challenge_method') !== 'S256') {
        return json(res, 400, { error: 'invalid_request' });
      }
      const scope = query.get('scope') ?? '';
      state.authorizations.push({ clientId, scope, redirectUri });
      const code = base64url(randomBytes(12));
      codes.set(code, { challenge: query.get('code_challenge') ?? '', clientId, scope, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      if (query.get('state')) back.searchParams.set('state', query.get('state')!);
      back.searchParams.set('iss', origin);
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const issued = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!issued || issued.clientId !== form.get('client_id') || base64url(createHash('sha256').update(verifier).digest()) !== issued.challenge) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const token = `token-${base64url(randomBytes(12))}`;
      granted.set(token, new Set(issued.scope.split(' ').filter(Boolean)));
      state.tokens.push({ token, scope: issued.scope });
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: issued.scope });
    }
    json(res, 404, { error: 'not_found' });
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    ...state,
    url: `${origin}/mcp`,
    close: async () => {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** A browser that consents: follows the authorization page's redirect back to the loopback. */
export async function followAuthorization(url: URL): Promise<void> {
  const page = await fetch(url, { redirect: 'manual' });
  const location = page.headers.get('location');
  if (location) await (await fetch(location)).text();
}
