/**
 * The client the `@modelcontextprotocol/conformance` CLI launches: reins' `connectServers` against
 * the scenario's server URL (the last argument), doing what the scenario
 * (`MCP_CONFORMANCE_SCENARIO`) expects. Run: `conformance client --command "node conformance-client.ts"`.
 */
import { connectServers } from '../../src/mcp/index.ts';

const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
if (!url) throw new Error('usage: conformance-client.ts <server-url>');

/** Accepts every elicitation with no fields of its own, so the schema's defaults are what is sent. */
const user = { ask: async () => '', elicit: async () => ({ action: 'accept' as const, content: {} }) };

const servers = await connectServers({ mcpServers: { conformance: { url } } }, { user, stderr: 'inherit' });
try {
  if (servers.failures.length > 0) throw servers.failures[0]!.error;
  const calls: Record<string, [string, Record<string, unknown>]> = {
    tools_call: ['add_numbers', { a: 2, b: 3 }],
    'elicitation-sep1034-client-defaults': ['test_client_elicitation_defaults', {}],
    'sse-retry': ['test_reconnection', {}],
  };
  const call = calls[scenario];
  if (call) {
    const result = await servers.toolbox.call(call[0], call[1], { timeoutMs: 10_000 });
    console.log(JSON.stringify(result));
  }
} finally {
  await servers.close();
}
