/**
 * One call to the model: streamed when the model can (stopping early on a complete valid decision),
 * else `generate`. Transport failures are not retried here: a ReinsError passes through, anything
 * else becomes a ModelCallError.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import type { ModelRequest, ModelToolCall, Usage } from '../models/model.ts';
import type { ParseOptions, ParseResult } from '../protocols/codec.ts';
import type { RunState } from './run-state.ts';
import { streamTurn } from './stream-turn.ts';

export interface RawTurn {
  text: string;
  toolCalls: ModelToolCall[];
  usage: Usage;
  modelId: string;
  /** A valid parse of the turn, when the stream already made one (it stops right after a valid decision). */
  parsed?: Extract<ParseResult, { success: true }>;
}

export async function callModel(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  try {
    if (state.policies.stream && state.model.stream) return await streamTurn(state, request, parseOptions);
    const response = await state.model.generate(request);
    return { text: response.text, toolCalls: response.toolCalls, usage: response.usage, modelId: response.modelId };
  } catch (error) {
    if (state.signal.aborted || ReinsError.isInstance(error)) throw error;
    throw new ModelCallError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`, {
      provider: state.model.provider,
      modelId: state.model.modelId,
      isRetryable: false,
      cause: error,
    });
  }
}

/** Rough usage (4 characters a token) for a stream stopped before the provider reported usage. */
export function estimateUsage(request: ModelRequest, text: string): Usage {
  const inputChars = (request.system?.length ?? 0) + request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return { inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(text.length / 4) };
}
