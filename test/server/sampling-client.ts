/**
 * Test-only frame around `reins/testing`'s `connectScriptedClient`: `inTool` registers a probe tool on
 * a fresh McpServer, calls it through the scripted client and returns what its body produced (or
 * threw) together with every request the client received. Plus the capability sets the tests use.
 */
import type { ClientCapabilities, CreateMessageRequestParams, ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { RoundTrips } from '../../src/server/index.ts';
import { connectScriptedClient, type ScriptedClientOptions } from '../../src/testing/index.ts';

export const withTools: ClientCapabilities = { sampling: { tools: {} }, elicitation: { form: {} } };
export const textOnly: ClientCapabilities = { sampling: {}, elicitation: { form: {} } };
export const noSampling: ClientCapabilities = { elicitation: { form: {} } };

export interface ToolRun<T> {
  value?: T;
  error?: unknown;
  /** Every sampling request the client received, in order. */
  samplingRequests: CreateMessageRequestParams[];
  elicitationRequests: ElicitRequestFormParams[];
  /** `tools/call` requests the client sent: 1 on 2025-11-25, one per round on 2026-07-28. */
  toolCallRequests: number;
}

const rounds = new RoundTrips();

/**
 * Runs `body` inside a tool handler of a real McpServer, called by the scripted SDK Client. The tool
 * is a `RoundTrips` tool: on `era: 'modern'` (2026-07-28) the body runs once per round and what the
 * last round produced is returned.
 */
export async function inTool<T>(
  options: ScriptedClientOptions & { capabilities: ClientCapabilities },
  body: (server: McpServer, ctx: ServerContext) => Promise<T>,
): Promise<ToolRun<T>> {
  let outcome: { value?: T; error?: unknown } = {};
  const servers: McpServer[] = [];
  const factory = () => {
    const server = new McpServer({ name: 'probe-server', version: '1.0.0' });
    servers.push(server);
    server.registerTool(
      'probe',
      { description: 'runs the test body' },
      rounds.tool(async (ctx) => {
        outcome = {};
        try {
          outcome.value = await body(server, ctx);
        } catch (error) {
          outcome.error = error;
        }
        return { content: [{ type: 'text' as const, text: 'done' }] };
      }),
    );
    return server;
  };
  const scripted = await connectScriptedClient(factory, options);
  try {
    await scripted.client.callTool({ name: 'probe', arguments: {} });
  } finally {
    await scripted.close();
    await Promise.all(servers.map((server) => server.close()));
  }
  return {
    ...outcome,
    toolCallRequests: scripted.toolCallRequests(),
    samplingRequests: scripted.samplingRequests,
    elicitationRequests: scripted.elicitationRequests as ElicitRequestFormParams[],
  };
}
