/**
 * Test-only frame around `reins/testing`'s `connectScriptedClient`: `inTool` registers a probe tool on
 * a fresh McpServer, calls it through the scripted client and returns what its body produced (or
 * threw) together with every request the client received. Plus the capability sets the tests use.
 */
import type { ClientCapabilities, CreateMessageRequestParams, ElicitRequestFormParams } from '@modelcontextprotocol/client';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
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
}

/** Runs `body` inside a tool handler of a real McpServer, called by the scripted SDK Client. */
export async function inTool<T>(
  options: ScriptedClientOptions & { capabilities: ClientCapabilities },
  body: (server: McpServer, ctx: ServerContext) => Promise<T>,
): Promise<ToolRun<T>> {
  const outcome: { value?: T; error?: unknown } = {};
  const server = new McpServer({ name: 'probe-server', version: '1.0.0' });
  server.registerTool('probe', { description: 'runs the test body' }, async (ctx) => {
    try {
      outcome.value = await body(server, ctx);
    } catch (error) {
      outcome.error = error;
    }
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const scripted = await connectScriptedClient(server, options);
  try {
    await scripted.client.callTool({ name: 'probe', arguments: {} });
  } finally {
    await scripted.close();
    await server.close();
  }
  return {
    ...outcome,
    samplingRequests: scripted.samplingRequests,
    elicitationRequests: scripted.elicitationRequests as ElicitRequestFormParams[],
  };
}
