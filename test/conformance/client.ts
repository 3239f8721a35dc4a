/**
 * The client the `@modelcontextprotocol/conformance` CLI launches: reins' `connectServers` against
 * the scenario's server URL (the last argument), doing what the scenario (`MCP_CONFORMANCE_SCENARIO`,
 * with `MCP_CONFORMANCE_CONTEXT` for credentials) expects. `auth/*` scenarios run as an interactive
 * `reins run` does: the authorization code flow on demand (`authorize`, the SDK's client auth)
 * whenever the server asks (401 at connect or on a call, 403 for more scope, a new authorization
 * server), visiting the authorization page headlessly (the suite's authorization server redirects at
 * once); the config names a Client ID Metadata Document (`oauth.clientMetadataUrl`, the URL the
 * suite expects), used where the authorization server supports them. The client credentials
 * scenarios use the `oauth` config. Then every listed tool is called once.
 * Run: `conformance client --command "node test/conformance/client.ts"` (see `npm run conformance`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JsonSchema } from '../../src/spec/decision.ts';
import { connectServers, OAuthStore, type HttpServerConfig } from '../../src/mcp/index.ts';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as { client_id?: string; client_secret?: string };
if (!url) throw new Error('usage: client.ts <server-url>');

/** Accepts every elicitation with no fields of its own, so the schema's defaults are what is sent. */
const user = { ask: async () => '', elicit: async () => ({ action: 'accept' as const, content: {} }) };

/** A value for each property a tool's schema asks for (required ones only for the `_null` variants). */
function argumentsFor(name: string, schema: JsonSchema): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: string; default?: unknown; enum?: unknown[] }>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const sample: Record<string, unknown> = { string: 'conformance välue', number: 2, integer: 3, boolean: true };
  return Object.fromEntries(
    Object.entries(properties)
      .filter(([key]) => !name.endsWith('_null') || required.has(key))
      .map(([key, property]) => [key, property.default ?? property.enum?.[0] ?? sample[property.type ?? 'string'] ?? 'x']),
  );
}

/** Follows the authorization page's redirect to the loopback, as a browser would. */
async function visit(authorizationUrl: URL): Promise<void> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (location) await fetch(location);
}

/** Where the suite's `auth/basic-cimd` expects this client's metadata document (its client_id). */
const clientMetadataUrl = 'https://conformance-test.local/client-metadata.json';
const clientCredentials = scenario.startsWith('auth/client-credentials');
const entry: HttpServerConfig = {
  url,
  oauth: clientCredentials && context.client_id ? { clientId: context.client_id, clientSecret: context.client_secret ?? '' } : { clientMetadataUrl },
};
const directory = await mkdtemp(join(tmpdir(), 'reins-conformance-oauth-'));
const store = new OAuthStore(directory);
try {
  // A pre-registered client: the credentials the scenario gives, instead of registration.
  if (scenario.startsWith('auth/') && !clientCredentials && context.client_id) {
    await store.update(url, (record) => ({ ...record, client: { client_id: context.client_id!, ...(context.client_secret ? { client_secret: context.client_secret } : {}) } }));
  }
  const servers = await connectServers(
    { mcpServers: { conformance: entry } },
    { user, oauthStore: store, stderr: 'inherit', ...(scenario.startsWith('auth/') ? { authorize: { open: visit, timeoutMs: 20_000 } } : {}) },
  );
  try {
    if (servers.failures.length > 0) throw servers.failures[0]!.error;
    const fixed: Record<string, Record<string, unknown>> = { add_numbers: { a: 2, b: 3 } };
    for (const tool of servers.toolbox.list()) {
      const result = await servers.toolbox
        .call(tool.name, fixed[tool.name] ?? argumentsFor(tool.name, tool.inputSchema), { timeoutMs: 15_000 })
        .catch((error: unknown) => ({ error: String(error) }));
      console.log(tool.name, JSON.stringify(result));
    }
  } finally {
    await servers.close();
  }
} finally {
  await rm(directory, { recursive: true, force: true });
}
