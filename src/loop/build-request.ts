/**
 * Builds the model request of one turn: the system prompt (agent text, protocol instructions,
 * toolbox instructions), the history, and for native codecs the tools and tool choice.
 */
import type { ModelRequest } from '../models/model.ts';
import type { RunState } from './run-state.ts';

export interface BuildRequestOptions {
  /** The best-effort last turn: no tools may be called. */
  forbidTools?: boolean;
  signal: AbortSignal;
}

export function buildSystemPrompt(state: RunState): string {
  const parts = [state.system, state.codec.instructions(state.tools), ...(state.toolbox.instructions?.() ?? [])];
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}

export function buildRequest(state: RunState, options: BuildRequestOptions): ModelRequest {
  const request: ModelRequest = {
    system: buildSystemPrompt(state),
    messages: [...state.messages],
    signal: options.signal,
  };
  // The decision's shape, for models that sample under a grammar (`llama:`); no tools on a best-effort turn.
  const constraint = state.codec.constraint?.(options.forbidTools ? [] : state.tools);
  if (constraint) request.constraint = constraint;
  if (state.codec.native) {
    request.tools = state.codec.requestTools?.(state.tools) ?? state.tools;
    request.toolChoice = options.forbidTools ? 'none' : 'auto';
  }
  return request;
}
