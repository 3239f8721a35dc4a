/**
 * One call to the model: streamed when the model can (stopping early on a complete valid decision),
 * else `generate`. The call is waited on only while the run's signal is live, whatever the model
 * does with the signal. Whole-call transport retries belong to the model (`withRetry`); only a stream
 * cut after partial output is retried, in `stream-turn.ts`. A ReinsError passes through, anything
 * else becomes a ModelCallError.
 */
import type { ModelRequest, ModelResponse } from '../spec/model.ts';
import { modelFailure } from './model-failure.ts';
import type { ParseOptions } from '../protocols/codec.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';
import { streamTurn } from './stream-turn.ts';
import { untilAborted } from './until-aborted.ts';

export function callModel(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  if (state.context.policies.stream && state.context.model.stream) return streamTurn(state, request, parseOptions);
  return untilAborted(() => state.context.model.generate(request), state.context.signal).then(toRawTurn, (error: unknown) => {
    throw modelFailure(state.context, error);
  });
}

function toRawTurn(response: ModelResponse): RawTurn {
  return { text: response.text, toolCalls: response.toolCalls, usage: response.usage, modelId: response.modelId, finishReason: response.finishReason };
}
