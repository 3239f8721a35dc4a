/**
 * Builds the model request of one turn: the system prompt (agent text, protocol instructions,
 * toolbox instructions; see `system-prompt.ts`), the history, the sampling options (`temperature`,
 * `maxOutputTokens`), and the tools and tool choice of
 * codecs that send tools natively. The history is sealed first (`seal-history.ts`): what is sent is
 * never changed afterwards, so providers may convert each message once and reuse it.
 */
import type { ModelRequest } from '../spec/model.ts';
import type { RunState } from './run-state.ts';
import { sealHistory } from './seal-history.ts';
import { buildSystemPrompt } from './system-prompt.ts';

export interface BuildRequestOptions {
  /** The best-effort last turn: no tools may be called. */
  forbidTools?: boolean;
  signal: AbortSignal;
}

export function buildRequest(state: RunState, options: BuildRequestOptions): ModelRequest {
  sealHistory(state.transcript.messages);
  const request: ModelRequest = {
    system: buildSystemPrompt(state),
    messages: [...state.transcript.messages],
    signal: options.signal,
  };
  if (state.context.policies.temperature !== undefined) request.temperature = state.context.policies.temperature;
  if (state.context.policies.maxOutputTokens !== undefined) request.maxTokens = state.context.policies.maxOutputTokens;
  // The decision's shape, for models that sample under a grammar (`llama:`); no tools on a best-effort turn.
  const constraint = state.context.codec.constraint?.(options.forbidTools ? [] : state.transcript.tools);
  if (constraint) request.constraint = constraint;
  const tools = state.context.codec.requestTools?.(state.transcript.tools);
  if (tools) {
    request.tools = tools;
    request.toolChoice = options.forbidTools ? 'none' : 'auto';
  }
  return request;
}
