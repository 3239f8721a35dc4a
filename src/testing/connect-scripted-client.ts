/**
 * `connectScriptedClient(server, options)`: the official SDK `Client`, connected to your MCP server by
 * the SDK's in-memory transport pair, whose `sampling/createMessage` and `elicitation/create` handlers
 * answer from a script and record every request. Tool authors call their tools through
 * `scripted.client.callTool(...)` and check what the tool asked the client.
 *
 * @example
 * const scripted = await connectScriptedClient(server, { sampling: [sampledToolUse([{ name: 'structured_output', input: { cell: 4 } }])] });
 * try {
 *   const result = await scripted.client.callTool({ name: 'pick_cell', arguments: {} });
 *   expect(scripted.samplingRequests[0]?.tools?.[0]?.name).toBe('structured_output');
 * } finally {
 *   await scripted.close();
 * }
 */
import {
  Client,
  InMemoryTransport,
  ProtocolError,
  ProtocolErrorCode,
  type ClientCapabilities,
  type CreateMessageRequestParams,
  type ElicitRequestParams,
  type ElicitResult,
  type Implementation,
} from '@modelcontextprotocol/client';
import type { McpServer, Server } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { SamplingReply } from './sampling-replies.ts';

/** One scripted answer: a value, or a function of the request (it may throw, or wait on `signal`). */
export type ScriptedStep<Params, Reply> = Reply | ((params: Params, signal: AbortSignal) => Reply | Promise<Reply>);
export type ScriptedSamplingStep = ScriptedStep<CreateMessageRequestParams, SamplingReply>;
export type ScriptedElicitationStep = ScriptedStep<ElicitRequestParams, ElicitResult>;

export interface ScriptedClientOptions {
  /** What the client declares; handlers are installed only for declared capabilities. @default { sampling: { tools: {} }, elicitation: { form: {} } } */
  capabilities?: ClientCapabilities;
  /** Answers to `sampling/createMessage`, one per request, in order. @default [] */
  sampling?: readonly ScriptedSamplingStep[];
  /** Answers to `elicitation/create`, one per request, in order. @default [] */
  elicitation?: readonly ScriptedElicitationStep[];
  /** @default { name: 'scripted-client', version: '1.0.0' } */
  clientInfo?: Implementation;
  /**
   * The protocol era: `legacy` is the 2025-11-25 `initialize` handshake (the server pushes its
   * requests); `modern` pins 2026-07-28, where the server answers `input_required` and the client
   * retries with the scripted answers (SEP-2322).
   * @default 'legacy'
   */
  era?: 'legacy' | 'modern';
  /** Cap on `input_required` rounds per call (modern era). @default 64 */
  maxRounds?: number;
}

export interface ScriptedClient {
  /** The connected SDK client: call `callTool`, `listTools`... on it. */
  readonly client: Client;
  /** Every sampling request received, in order (copies, safe to inspect after the fact). */
  readonly samplingRequests: CreateMessageRequestParams[];
  /** Every elicitation request received, in order. */
  readonly elicitationRequests: ElicitRequestParams[];
  /** Steps not used yet. */
  remaining(): { sampling: number; elicitation: number };
  /** How many `tools/call` requests the client sent (on 2026-07-28, one per round). */
  toolCallRequests(): number;
  /** Closes the client and with it the in-memory link to the server. */
  close(): Promise<void>;
}

/** A request beyond the script is answered with a JSON-RPC internal error the server sees. */
function nextStep<Params, Reply>(steps: ScriptedStep<Params, Reply>[], what: string, count: number) {
  const step = steps.shift();
  if (step === undefined) {
    throw new ProtocolError(ProtocolErrorCode.InternalError, `Scripted client: no ${what} step left for request ${count}.`);
  }
  return step;
}

async function answer<Params, Reply>(step: ScriptedStep<Params, Reply>, params: Params, signal: AbortSignal): Promise<Reply> {
  return typeof step === 'function' ? (step as (params: Params, signal: AbortSignal) => Reply | Promise<Reply>)(params, signal) : step;
}

/**
 * @param server The server, or (for `era: 'modern'`) a factory of servers: the SDK's era-aware entry
 *   pins one instance per connection.
 */
export async function connectScriptedClient(
  server: McpServer | Server | (() => McpServer | Server),
  options: ScriptedClientOptions = {},
): Promise<ScriptedClient> {
  const capabilities = options.capabilities ?? { sampling: { tools: {} }, elicitation: { form: {} } };
  const sampling = [...(options.sampling ?? [])];
  const elicitation = [...(options.elicitation ?? [])];
  const samplingRequests: CreateMessageRequestParams[] = [];
  const elicitationRequests: ElicitRequestParams[] = [];
  const modern = options.era === 'modern';
  const client = new Client(options.clientInfo ?? { name: 'scripted-client', version: '1.0.0' }, {
    capabilities,
    ...(modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } }, inputRequired: { maxRounds: options.maxRounds ?? 64 } } : {}),
  });
  if (capabilities.sampling) {
    client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
      samplingRequests.push(structuredClone(request.params));
      const step = nextStep(sampling, 'sampling', samplingRequests.length);
      return answer(step, request.params, ctx.mcpReq.signal);
    });
  }
  if (capabilities.elicitation) {
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      elicitationRequests.push(structuredClone(request.params));
      const step = nextStep(elicitation, 'elicitation', elicitationRequests.length);
      return answer(step, request.params, ctx.mcpReq.signal);
    });
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  let toolCalls = 0;
  const send = clientTransport.send.bind(clientTransport);
  clientTransport.send = (message, sendOptions) => {
    if ('method' in message && message.method === 'tools/call' && 'id' in message) toolCalls += 1;
    return send(message, sendOptions);
  };
  const factory = typeof server === 'function' ? server : () => server;
  // The era-aware entry (stdio's, over the in-memory pair) decides the era from the opening exchange.
  const served = modern ? serveStdio(factory, { transport: serverTransport }) : undefined;
  if (!served) await factory().connect(serverTransport);
  try {
    await client.connect(clientTransport);
  } catch (error) {
    await (served ?? serverTransport).close();
    throw error;
  }
  return {
    client,
    samplingRequests,
    elicitationRequests,
    remaining: () => ({ sampling: sampling.length, elicitation: elicitation.length }),
    toolCallRequests: () => toolCalls,
    close: async () => {
      await client.close();
      await served?.close();
    },
  };
}
