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
import type { RunContext, RunState } from './run-state.ts';
import { streamTurn } from './stream-turn.ts';
import { raceAbort } from './until-aborted.ts';

export function callModel(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  if (state.context.policies.stream && state.context.model.stream) return streamTurn(state, request, parseOptions);
  return generateTurn(state.context, request);
}

/**
 * `untilAborted(() => model.generate(request), signal)` with the response mapped and a failure
 * passed through `modelFailure`, as one promise (`raceAbort` maps both): a turn costs one promise
 * and one abort waiter, not a chain of three (`until-aborted.test.ts`'s cases hold for it; `model-turn.test.ts` compares them).
 */
export function generateTurn(context: Pick<RunContext, 'signal' | 'model'>, request: ModelRequest): Promise<RawTurn> {
  const signal = context.signal;
  if (signal.aborted) return Promise.reject(modelFailure(context, signal.reason));
  let pending: Promise<ModelResponse>;
  try {
    pending = context.model.generate(request);
  } catch (error) {
    return Promise.reject(modelFailure(context, error));
  }
  // A response that cannot be read (not an object) is reins' failure to judge, not the model's: as is.
  return raceAbort(pending, signal, toRawTurn, (error) => modelFailure(context, error));
}

function toRawTurn(response: ModelResponse): RawTurn {
  return { text: response.text, toolCalls: response.toolCalls, usage: response.usage, modelId: response.modelId, finishReason: response.finishReason };
}
