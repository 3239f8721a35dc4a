/**
 * A scripted sampling CLIENT for server-side tests: the real SDK `Client` and `McpServer` over the
 * SDK's in-memory transport pair. The client's sampling and elicitation handlers answer from a script
 * and record every request; `inTool` runs a body inside a real `tools/call` handler.
 */
import {
  Client,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer, type ServerContext } from '@modelcontextprotocol/server';

export type SamplingReply = CreateMessageResult | CreateMessageResultWithTools;
export type SamplingStep = SamplingReply | ((params: CreateMessageRequestParams) => SamplingReply);

export const withTools: ClientCapabilities = { sampling: { tools: {} }, elicitation: { form: {} } };
export const textOnly: ClientCapabilities = { sampling: {}, elicitation: { form: {} } };
export const noSampling: ClientCapabilities = { elicitation: { form: {} } };

export function textReply(text: string, model = 'scripted-llm'): SamplingReply {
  return { role: 'assistant', model, stopReason: 'endTurn', content: { type: 'text', text } };
}

let callNumber = 0;
export function toolUseReply(calls: { name: string; input: Record<string, unknown>; id?: string }[], text = ''): SamplingReply {
  const blocks = calls.map((call) => ({ type: 'tool_use' as const, id: call.id ?? `use_${++callNumber}`, name: call.name, input: call.input }));
  return {
    role: 'assistant',
    model: 'scripted-llm',
    stopReason: 'toolUse',
    content: text === '' ? blocks : [{ type: 'text', text }, ...blocks],
  };
}

export interface ScriptedClientOptions {
  capabilities: ClientCapabilities;
  sampling?: SamplingStep[];
  elicitation?: ElicitResult[];
}

export interface ToolRun<T> {
  value?: T;
  error?: unknown;
  /** Every sampling request the client received, in order. */
  samplingRequests: CreateMessageRequestParams[];
  elicitationRequests: ElicitRequestFormParams[];
}

/** Runs `body` inside a tool handler of a real McpServer, called by a real Client with scripted handlers. */
export async function inTool<T>(
  options: ScriptedClientOptions,
  body: (server: McpServer, ctx: ServerContext) => Promise<T>,
): Promise<ToolRun<T>> {
  const run: ToolRun<T> = { samplingRequests: [], elicitationRequests: [] };
  const server = new McpServer({ name: 'probe-server', version: '1.0.0' });
  server.registerTool('probe', { description: 'runs the test body' }, async (ctx) => {
    try {
      run.value = await body(server, ctx);
    } catch (error) {
      run.error = error;
    }
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const client = new Client({ name: 'scripted-client', version: '1.0.0' }, { capabilities: options.capabilities });
  const sampling = [...(options.sampling ?? [])];
  const elicitation = [...(options.elicitation ?? [])];
  if (options.capabilities.sampling) {
    client.setRequestHandler('sampling/createMessage', async (request) => {
      run.samplingRequests.push(structuredClone(request.params));
      const step = sampling.shift();
      if (!step) throw new Error('sampling script exhausted');
      return typeof step === 'function' ? step(request.params) : step;
    });
  }
  if (options.capabilities.elicitation) {
    client.setRequestHandler('elicitation/create', async (request) => {
      run.elicitationRequests.push(structuredClone(request.params) as ElicitRequestFormParams);
      const reply = elicitation.shift();
      if (!reply) throw new Error('elicitation script exhausted');
      return reply;
    });
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  try {
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    await client.callTool({ name: 'probe', arguments: {} });
  } finally {
    await client.close();
    await server.close();
  }
  return run;
}
