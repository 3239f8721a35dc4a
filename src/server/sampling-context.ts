/**
 * `samplingContext(server, ctx, options?)`: what a tool author calls inside an MCP tool handler to get
 * `sample` / `sampleSchema` / `sampleTools` / `elicit` (seed 001), bound to that tool call (its
 * abort signal and, over Streamable HTTP, its response stream).
 *
 * @example
 * server.registerTool('pick', { inputSchema: z.object({}) }, async (_args, ctx) => {
 *   const sampling = samplingContext(server, ctx);
 *   const { parsed } = await sampling.sampleSchema({ prompt: 'Pick a cell 0..8', schema: z.object({ cell: z.number() }) });
 *   return { content: [{ type: 'text', text: String(parsed.cell) }] };
 * });
 */
import { CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError, type ClientCapabilities, type McpServer, type Server, type ServerContext } from '@modelcontextprotocol/server';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import type { Model } from '../spec/model.ts';
import type { ProtocolName } from '../protocols/codec.ts';
import { getCodec } from '../protocols/get-codec.ts';
import { channelFor, defaultBackend } from './choose-backend.ts';
import { clientRequests } from './client-requests.ts';
import { isModernRequest } from './round-trips.ts';
import { elicit } from './elicit.ts';
import { rethrowRequestError } from './request-error.ts';
import { sample } from './sample.ts';
import type { AnySampleConfig } from './sample-request.ts';
import { sampleSchema } from './sample-schema.ts';
import { sampleTools } from './sample-tools.ts';
import type { SamplingBackend } from './sampling-backend.ts';
import type { ElicitCallOptions, SamplingBackendName, SamplingContext } from './types.ts';

export interface SamplingContextOptions {
  /** Forces a backend. @default 'mcp-tools' if the client declares `sampling.tools`, else 'mcp-text' if it declares `sampling`, else 'model' when `model` is set */
  backend?: SamplingBackendName;
  /** A reins Model, used when the client cannot sample (or with `backend: 'model'`). @default none (no fallback: the helpers throw `SampleConfigError` 'no-backend') */
  model?: Model;
  /** Default `maxTokens` of every request. @default 1024 */
  maxTokens?: number;
  /** The reins protocol used to describe tools in the prompt (`mcp-text`, or a Model without native tools). @default 'json' */
  textProtocol?: Exclude<ProtocolName, 'native'>;
  /** Timeout of each sampling and elicitation request, in milliseconds; then `SamplingRequestError` (`timeout`). @default 300000 */
  timeoutMs?: number;
}

export function samplingContext(
  server: McpServer | Server,
  ctx: Pick<ServerContext, 'mcpReq'>,
  options: SamplingContextOptions = {},
): SamplingContext {
  const lowLevel: Server = 'registerTool' in server ? server.server : server;
  // On 2026-07-28 the request's own envelope declares what the client can do.
  const envelope = ctx.mcpReq.envelope as Record<string, ClientCapabilities | undefined> | undefined;
  const declared = envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? lowLevel.getClientCapabilities();
  const backendName = options.backend ?? defaultBackend(declared, options.model);
  const requests = clientRequests(lowLevel, ctx);
  const related = { relatedRequestId: ctx.mcpReq.id, signal: ctx.mcpReq.signal };
  // On 2026-07-28 a request may rely only on what its envelope declares: asking for more is the
  // client's error to fix (-32021, HTTP 400), not a tool failure the model would read.
  const modern = isModernRequest(ctx);
  const resolve = lazyBackend(backendName, modern, (name) => ({
    name,
    channel: channelFor(name, {
      server: lowLevel,
      codec: getCodec(options.textProtocol ?? 'json'),
      relatedRequestId: related.relatedRequestId,
      requests,
      ...(options.model ? { model: options.model } : {}),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    }),
    maxTokens: options.maxTokens ?? 1024,
    signal: related.signal,
  }));
  const context = {
    backend: backendName,
    sample: (config: AnySampleConfig) => sample(resolve(), config),
    sampleSchema: (config: AnySampleConfig) => sampleSchema(resolve(), config),
    sampleTools: (config: AnySampleConfig) => sampleTools(resolve(), config),
    elicit: (message: string, schema: Parameters<SamplingContext['elicit']>[1], elicitOptions?: ElicitCallOptions) => {
      if (modern && !declared?.elicitation) return Promise.reject(new MissingRequiredClientCapabilityError({ requiredCapabilities: { elicitation: {} } }));
      return elicit(lowLevel, message, schema, {
        relatedRequestId: related.relatedRequestId,
        requests,
        signal: elicitOptions?.signal ?? related.signal,
        ...(elicitOptions?.meta ? { meta: elicitOptions.meta } : {}),
        ...(elicitOptions?.inputKey === undefined ? {} : { inputKey: elicitOptions.inputKey }),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      });
    },
    listRoots: async (rootsOptions?: Pick<ElicitCallOptions, 'signal' | 'inputKey'>) => {
      if (modern && !declared?.roots) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { roots: {} } });
      const signal = rootsOptions?.signal ?? related.signal;
      const listed = await requests
        .listRoots({ relatedRequestId: related.relatedRequestId, signal, timeout: options.timeoutMs ?? 300_000 }, rootsOptions?.inputKey)
        .catch((error: unknown) => rethrowRequestError(error, 'roots', signal));
      return listed.roots;
    },
  };
  // The overloads of SamplingContext are the public contract; the implementations above take any variant.
  return context as unknown as SamplingContext;
}

/**
 * The backend, made on the first sampling request: a tool that only elicits needs none. Without a
 * backend, the request fails: the client's error on 2026-07-28 (it declared no sampling), else a
 * configuration error (no sampling and no `model` to fall back on).
 */
function lazyBackend<Name extends string>(backendName: Name | undefined, modern: boolean, make: (name: Name) => SamplingBackend): () => SamplingBackend {
  let backend: SamplingBackend | undefined;
  return () => {
    if (!backendName && modern) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } });
    if (!backendName) {
      throw new SampleConfigError('The client declares no sampling capability and samplingContext has no `model` to fall back on.', { reason: 'no-backend' });
    }
    backend ??= make(backendName);
    return backend;
  };
}
