/**
 * Builds the model request of one turn: the system prompt (agent text, protocol instructions,
 * toolbox instructions), the history, and the tools and tool choice of codecs that send tools natively.
 */
import type { ModelRequest } from '../spec/model.ts';
import type { RunState } from './run-state.ts';

export interface BuildRequestOptions {
  /** The best-effort last turn: no tools may be called. */
  forbidTools?: boolean;
  signal: AbortSignal;
}

export function buildSystemPrompt(state: RunState): string {
  const parts = [state.context.system, state.context.codec.instructions(state.transcript.tools), ...(state.context.toolbox.instructions?.() ?? [])];
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join('\n\n');
}

export function buildRequest(state: RunState, options: BuildRequestOptions): ModelRequest {
  const request: ModelRequest = {
    system: buildSystemPrompt(state),
    messages: [...state.transcript.messages],
    signal: options.signal,
  };
  const tools = state.context.codec.requestTools?.(state.transcript.tools);
  if (tools) {
    request.tools = tools;
    request.toolChoice = options.forbidTools ? 'none' : 'auto';
  }
  return request;
}
