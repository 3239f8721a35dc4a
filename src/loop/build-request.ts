/**
 * Builds the model request of one turn: the system prompt (agent text, protocol instructions,
 * toolbox instructions), the history, the sampling options (`temperature`, `maxOutputTokens`), and
 * the tools and tool choice of codecs that send tools natively.
 */
import type { ModelRequest } from '../spec/model.ts';
import { handlerTypes } from './actions/handler-target.ts';
import type { RunState } from './run-state.ts';

export interface BuildRequestOptions {
  /** The best-effort last turn: no tools may be called. */
  forbidTools?: boolean;
  signal: AbortSignal;
}

export function buildSystemPrompt(state: RunState): string {
  const offered = { handlers: handlerTypes(state.context.handlers), variables: Object.keys(state.transcript.variables.state) };
  const parts = [state.context.system, state.context.codec.instructions(state.transcript.tools, offered), ...(state.context.toolbox.instructions?.() ?? [])];
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}

export function buildRequest(state: RunState, options: BuildRequestOptions): ModelRequest {
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
