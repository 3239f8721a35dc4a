/**
 * Serves a server's `sampling/createMessage` with the configured reins Model, after the optional
 * approval hook (human in the loop, as the spec asks).
 */
import {
  ProtocolError,
  type CreateMessageRequest,
  type CreateMessageRequestParams,
  type CreateMessageResult,
  type CreateMessageResultWithTools,
} from '@modelcontextprotocol/client';
import type { Model } from '../spec/model.ts';
import { toModelRequest, toSamplingResult } from './sampling-messages.ts';

/** What `approveSampling` is shown. */
export interface SamplingApprovalRequest {
  /** The server that asks. */
  server: string;
  /** The MCP request as received (messages, systemPrompt, tools, toolChoice, maxTokens, ...). */
  params: CreateMessageRequestParams;
}

export interface SamplingOptions {
  model: Model;
  /** Return false to refuse; the server gets the spec's "user rejected" error (-1). @default every request is approved */
  approveSampling?: (request: SamplingApprovalRequest) => boolean | Promise<boolean>;
}

/** The JSON-RPC code the spec uses for "User rejected sampling request". */
const userRejected = -1;

export function createSamplingHandler(server: string, options: SamplingOptions) {
  return async (
    request: CreateMessageRequest,
    ctx: { mcpReq: { signal: AbortSignal } },
  ): Promise<CreateMessageResult | CreateMessageResultWithTools> => {
    const params = request.params;
    if (options.approveSampling && !(await options.approveSampling({ server, params }))) {
      throw new ProtocolError(userRejected, 'User rejected sampling request');
    }
    const response = await options.model.generate(toModelRequest(params, ctx.mcpReq.signal));
    return toSamplingResult(response, params.tools !== undefined || params.toolChoice !== undefined);
  };
}
