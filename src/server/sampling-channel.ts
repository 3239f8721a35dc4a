/**
 * The internal seam between the helpers and a model: one request, one reply. Implemented over MCP
 * sampling (`mcp-sampling-channel.ts`), over a reins `Model` (`model-channel.ts`), and wrapped by the
 * text strategy (`described-in-prompt.ts`) for a channel that cannot carry tools natively.
 */
import type { ModelPreferences } from '@modelcontextprotocol/server';
import type { JsonSchema, ToolSpec } from '../spec/decision.ts';
import type { OutputConstraint } from '../spec/model.ts';
import type { SampleMessage, SampleToolCall, SamplingToolChoice } from './types.ts';

export interface ChannelRequest {
  system?: string;
  messages: SampleMessage[];
  tools?: ToolSpec[];
  toolChoice?: SamplingToolChoice;
  /** A structured reply is wanted: its JSON Schema. */
  responseSchema?: JsonSchema;
  /** The reply's shape, for a Model that samples under a grammar (set by the text strategy). */
  constraint?: OutputConstraint;
  maxTokens: number;
  modelPreferences?: ModelPreferences;
  temperature?: number;
  signal?: AbortSignal;
}

export interface ChannelReply {
  text: string;
  toolCalls: SampleToolCall[];
  model: string;
  stopReason?: string;
  /** The structured value when it came as a forced tool call (MCP sampling with tools). */
  structuredCall?: { call: SampleToolCall; value: unknown };
  /** Why the text could not be read as a tool call, phrased as a correction for the model. */
  problem?: string;
  /**
   * Calls whose arguments came as text that reads as no JSON object as written (a key written twice,
   * say; their `arguments` are `{ _raw }`): why, phrased as a correction. Only a Model's calls can
   * carry it; MCP sampling delivers `tool_use` input as an object.
   */
  argumentProblems?: ReadonlyMap<SampleToolCall, string>;
}

export interface SamplingChannel {
  send(request: ChannelRequest): Promise<ChannelReply>;
}
