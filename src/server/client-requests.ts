/**
 * How the helpers' requests reach the client. On a 2025-era request they are pushed
 * (`Server.createMessage` / `Server.elicitInput`); on a 2026-07-28 request inside a `RoundTrips`
 * tool they ride the round's replay (`input_required`, SEP-2322). A 2026-07-28 request outside
 * such a tool cannot reach the client at all: the helpers say how to fix it.
 */
import {
  inputRequired,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
  type ElicitRequestFormParams,
  type ElicitResult,
  type ListRootsResult,
  type RequestOptions,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import { replayOf } from './round-trip-replay.ts';
import { isModernRequest } from './round-trips.ts';

export interface ClientRequests {
  createMessage(params: CreateMessageRequestParams, options: RequestOptions): Promise<CreateMessageResult | CreateMessageResultWithTools>;
  /** `inputKey`: on 2026-07-28, the request's key in `inputRequests`. */
  elicitInput(params: ElicitRequestFormParams, options: RequestOptions, inputKey?: string): Promise<ElicitResult>;
  listRoots(options: RequestOptions, inputKey?: string): Promise<ListRootsResult>;
}

function notResumable(): never {
  throw new SampleConfigError(
    'This tool call uses MCP 2026-07-28, where a server cannot send requests to the client: wrap the tool callback with `resumableTool(...)` (or `new RoundTrips(...).tool(...)`) from reins/server.',
    { reason: 'not-resumable' },
  );
}

export function clientRequests(server: Server, ctx: Pick<ServerContext, 'mcpReq'>): ClientRequests {
  const replay = replayOf(ctx.mcpReq);
  if (replay) {
    return {
      createMessage: (params) => replay.request(inputRequired.createMessage(params)),
      elicitInput: (params, _options, inputKey) => replay.request(inputRequired.elicit(params), inputKey),
      listRoots: (_options, inputKey) => replay.request(inputRequired.listRoots(), inputKey),
    };
  }
  if (isModernRequest(ctx)) return { createMessage: async () => notResumable(), elicitInput: async () => notResumable(), listRoots: async () => notResumable() };
  return {
    createMessage: (params, options) => server.createMessage(params, options),
    elicitInput: (params, options) => server.elicitInput(params, options),
    listRoots: (options) => server.listRoots(undefined, options),
  };
}
