/**
 * One call to the model: streamed when the model can and the agent streams (`stream-turn.ts`: it
 * stops early on a complete valid decision), else `generate`. The call is waited on only while the
 * run's signal is live, whatever the model does with the signal. Whole-call transport retries
 * belong to the model (`withRetry`); only a stream cut after partial output is retried, in
 * `stream-turn.ts`. A ReinsError passes through, anything else the model throws becomes a
 * ModelCallError (`modelFailure`).
 */
import type { ModelRequest, ModelResponse } from '../spec/model.ts';
import type { ParseOptions } from '../protocols/codec.ts';
import { untilAborted } from '../tools/until-aborted.ts';
import { modelFailure } from './model-failure.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';
import { streamTurn } from './stream-turn.ts';

export function callModel(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  const { context } = state;
  return context.policies.stream && context.model.stream ? streamTurn(state, request, parseOptions) : generateTurn(state, request);
}

async function generateTurn(state: RunState, request: ModelRequest): Promise<RawTurn> {
  const { context } = state;
  let response: ModelResponse;
  try {
    response = await untilAborted(() => context.model.generate(request), context.signal);
  } catch (error) {
    throw modelFailure(context, error);
  }
  return { text: response.text, toolCalls: response.toolCalls, usage: response.usage, modelId: response.modelId, finishReason: response.finishReason, responseId: response.responseId };
}
