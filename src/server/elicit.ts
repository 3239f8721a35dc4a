/**
 * `elicit`: asks the user through MCP form elicitation with a flat schema built from a Zod object,
 * and validates accepted content with the same schema (the client's word is not trusted). A request
 * the client refuses, lets time out or cannot serve throws `SamplingRequestError` (`method: 'elicitation'`).
 */
import type { RequestId, Server } from '@modelcontextprotocol/server';
import { ElicitationContentError } from '../errors/elicitation-content-error.ts';
import type { StandardSchemaLike } from '../tools/tool-input-schema.ts';
import { toElicitationSchema } from './elicitation-schema.ts';
import { checkStandard } from './output-schema.ts';
import type { ClientRequests } from './client-requests.ts';
import { rethrowRequestError } from './request-error.ts';
import type { ElicitResultOf } from './types.ts';

export interface ElicitOptions {
  /** Aborts the request. @default none (samplingContext passes the tool call's signal) */
  signal?: AbortSignal;
  /** The tools/call request the elicitation belongs to. @default none */
  relatedRequestId?: RequestId;
  /** @default 300000 (a human answers) */
  timeoutMs?: number;
  /** The request's `_meta`. @default none */
  meta?: Record<string, unknown>;
  /** How the request reaches the client (pushed, or through a 2026-07-28 round). @default pushed with `server.elicitInput` */
  requests?: Pick<ClientRequests, 'elicitInput'>;
  /** On 2026-07-28, the request's key in `inputRequests` (the client answers under it). @default `r<n>`, its position in the call */
  inputKey?: string;
}

export async function elicit(
  server: Server,
  message: string,
  schema: StandardSchemaLike,
  options: ElicitOptions = {},
): Promise<ElicitResultOf<unknown>> {
  const requestedSchema = toElicitationSchema(schema);
  const requests = options.requests ?? { elicitInput: (params, requestOptions) => server.elicitInput(params, requestOptions) };
  const result = await requests
    .elicitInput(
      { mode: 'form', message, requestedSchema, ...(options.meta ? { _meta: options.meta } : {}) },
      {
        timeout: options.timeoutMs ?? 300_000,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.relatedRequestId === undefined ? {} : { relatedRequestId: options.relatedRequestId }),
      },
      options.inputKey,
    )
    .catch((error: unknown) => rethrowRequestError(error, 'elicitation', options.signal));
  if (result.action !== 'accept') return { action: result.action };
  const content = result.content ?? {};
  const check = await checkStandard(schema, content);
  if (!check.ok) throw new ElicitationContentError({ content, details: check.details });
  return { action: 'accept', content: check.value };
}
