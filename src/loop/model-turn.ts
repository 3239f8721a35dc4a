/**
 * One call to the model: streamed when the model can (stopping early on a complete valid decision),
 * else `generate`. The call is waited on only while the run's signal is live, whatever the model
 * does with the signal. Whole-call transport retries belong to the model (`withRetry`); only a stream
 * cut after partial output is retried, in `stream-turn.ts`. A ReinsError passes through, anything
 * else becomes a ModelCallError.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import { ReinsError } from '../errors/reins-error.ts';
import type { FinishReason, ModelRequest, ModelResponse, ModelToolCall, Usage } from '../spec/model.ts';
import type { ParseOptions, ParseResult } from '../protocols/codec.ts';
import type { RunState } from './run-state.ts';
import { streamTurn } from './stream-turn.ts';
import { untilAborted } from './until-aborted.ts';

export interface RawTurn {
  text: string;
  toolCalls: ModelToolCall[];
  usage: Usage;
  modelId: string;
  /** True when `usage` is (partly) estimated: the stream stopped, or was cut, before the provider reported usage. */
  usageEstimated?: boolean;
  /** A valid parse of the turn, when the stream already made one (it stops right after a valid decision). */
  parsed?: Extract<ParseResult, { success: true }>;
  /** Why the model stopped, when it said (a stream stopped early by reins has none). */
  finishReason?: FinishReason;
}

export async function callModel(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  if (state.policies.stream && state.model.stream) return streamTurn(state, request, parseOptions);
  let response: ModelResponse;
  try {
    response = await untilAborted(() => state.model.generate(request), state.signal);
  } catch (error) {
    throw modelFailure(state, error);
  }
  return { text: response.text, toolCalls: response.toolCalls, usage: response.usage, modelId: response.modelId, finishReason: response.finishReason };
}

/**
 * What a throw of the model itself ends the turn with: a ReinsError (or a cancellation) as it is,
 * anything else as a non-retryable ModelCallError with the cause. Throws of reins' own code after
 * the model answered are not passed through here: they are bugs (InternalError).
 */
export function modelFailure(state: RunState, error: unknown): unknown {
  if (state.signal.aborted || ReinsError.isInstance(error)) return error;
  return new ModelCallError(`The model call failed: ${error instanceof Error ? error.message : String(error)}`, {
    provider: state.model.provider,
    modelId: state.model.modelId,
    isRetryable: false,
    cause: error,
  });
}

/** Rough usage (4 characters a token) for a stream stopped before the provider reported usage. */
export function estimateUsage(request: ModelRequest, text: string): Usage {
  const inputChars = (request.system?.length ?? 0) + request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return { inputTokens: Math.ceil(inputChars / 4), outputTokens: Math.ceil(text.length / 4) };
}
