/**
 * Picks the backend for a tool call: MCP sampling with native tools where the client declares
 * `sampling.tools` (spec 2025-11-25), MCP sampling with tools and schema described in the prompt
 * where it declares only `sampling`, and a direct reins `Model` where it declares neither (MCP
 * sampling is deprecated from spec 2026-07-28, SEP-2577). `backend` overrides the choice.
 */
import type { ClientCapabilities, RequestId, Server } from '@modelcontextprotocol/server';
import { SampleConfigError } from '../errors/sample-config-error.ts';
import type { Model } from '../spec/model.ts';
import type { Codec } from '../protocols/codec.ts';
import { describedInPrompt } from './described-in-prompt.ts';
import { mcpSamplingChannel } from './mcp-sampling-channel.ts';
import { modelChannel } from './model-channel.ts';
import type { SamplingChannel } from './sampling-channel.ts';
import type { SamplingBackendName } from './types.ts';

export function defaultBackend(capabilities: ClientCapabilities | undefined, model: Model | undefined): SamplingBackendName | undefined {
  if (capabilities?.sampling?.tools) return 'mcp-tools';
  if (capabilities?.sampling) return 'mcp-text';
  return model ? 'model' : undefined;
}

export interface ChannelSetup {
  server: Server;
  model?: Model;
  codec: Codec;
  relatedRequestId?: RequestId;
  timeoutMs?: number;
}

export function channelFor(name: SamplingBackendName, setup: ChannelSetup): SamplingChannel {
  if (name === 'model') {
    if (!setup.model) {
      throw new SampleConfigError("backend 'model' needs the `model` option of samplingContext.", { reason: 'no-backend' });
    }
    const channel = modelChannel(setup.model);
    return setup.model.supportsTools ? channel : describedInPrompt(channel, setup.codec);
  }
  const mcp = mcpSamplingChannel(setup.server, {
    ...(setup.relatedRequestId === undefined ? {} : { relatedRequestId: setup.relatedRequestId }),
    ...(setup.timeoutMs === undefined ? {} : { timeoutMs: setup.timeoutMs }),
  });
  return name === 'mcp-tools' ? mcp : describedInPrompt(mcp, setup.codec);
}
