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

/**
 * Where a model's reply goes: `receive` judges it (`next-turn.ts`: the accepted turn, or the next
 * attempt), and a failure of the call is blamed with `context` (`modelFailure`). An object, not a
 * callback: the call needs no closure per turn.
 */
export interface ReplyTarget<R> {
  readonly context: Pick<RunContext, 'signal' | 'model'>;
  /** A throw rejects the call's promise as it is (it is reins' judgement, not the model's failure). */
  receive(raw: RawTurn): R | PromiseLike<R>;
}

export function callModel<R>(state: RunState, request: ModelRequest, parseOptions: ParseOptions, target: ReplyTarget<R>): Promise<R> {
  if (state.context.policies.stream && state.context.model.stream) return streamTurn(state, request, parseOptions).then((raw) => target.receive(raw));
  return generateTurn(target, request);
}

/**
 * `untilAborted(() => model.generate(request), signal)` with the response mapped, received by
 * `target` and a failure passed through `modelFailure`, as one promise (`raceAbort` maps both): a
 * turn costs one promise and one abort waiter, not a chain of three (`until-aborted.test.ts`'s cases
 * hold for it; `generate-turn.test.ts` compares them).
 */
export function generateTurn<R>(target: ReplyTarget<R>, request: ModelRequest): Promise<R> {
  const context = target.context;
  const signal = context.signal;
  if (signal.aborted) return Promise.reject(modelFailure(context, signal.reason));
  let pending: Promise<ModelResponse>;
  try {
    pending = context.model.generate(request);
  } catch (error) {
    return Promise.reject(modelFailure(context, error));
  }
  // A response that cannot be read (not an object) is reins' failure to judge, not the model's: as is.
  return raceAbort(pending, signal, receiveResponse<R>, targetFailure, target);
}

function receiveResponse<R>(response: ModelResponse, target: ReplyTarget<R>): R | PromiseLike<R> {
  return target.receive({ text: response.text, toolCalls: response.toolCalls, usage: response.usage, modelId: response.modelId, finishReason: response.finishReason, responseId: response.responseId });
}

function targetFailure(error: unknown, target: ReplyTarget<unknown>): unknown {
  return modelFailure(target.context, error);
}
