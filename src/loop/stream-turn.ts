/**
 * Streams one model turn: a `for await` over the model's parts that breaks once the decision is
 * read (see `streamed-reply.ts` for what counts as read, and when the rest of the reply is dropped).
 * With one action per turn (or a codec whose turn is one value, the envelope) the decision is read
 * as it completes; with more actions allowed the whole reply is read, then parsed, exactly as
 * `generate` would be. A stream stopped before the provider reported usage gets an estimate.
 *
 * A retryable transport failure (e.g. the connection cut mid-stream) discards the partial text,
 * emits `model-retry` and streams the turn again after a backoff, at most `maxTransportRetries`
 * times (see `transport-retry.ts`); the discarded attempts' tokens are estimated into the turn's usage.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import { abortableSleep } from '../models/abortable-sleep.ts';
import { addUsage, emptyUsage, type ModelRequest, type Usage } from '../spec/model.ts';
import type { ParseOptions } from '../protocols/codec.ts';
import { estimateUsage } from './estimate-usage.ts';
import { modelFailure } from './model-failure.ts';
import { ModelParts } from './model-parts.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunContext, RunState } from './run-state.ts';
import { StreamedReply } from './streamed-reply.ts';
import { transportRetryDelay } from './transport-retry.ts';

export async function streamTurn(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  const { context } = state;
  const stopEarly = (parseOptions.maxActions ?? 1) <= 1 || context.codec.oneValuePerTurn === true;
  let discarded: Usage | undefined;
  for (let retry = 1; ; retry++) {
    const reply = new StreamedReply(context, parseOptions, stopEarly);
    const parts = new ModelParts(context.model, request, context.signal);
    for await (const part of parts) if (reply.take(part)) break;
    if (!parts.failure) {
      const turn = reply.rawTurn(request);
      return discarded ? { ...turn, usage: addUsage(discarded, turn.usage), usageEstimated: true } : turn;
    }
    // The model failed (a throw out of the `for await` is reins' own, a codec bug: it passes through).
    const delayMs = retryDelay(context, parts.failure.error, retry);
    discarded = addUsage(discarded ?? emptyUsage(), estimateUsage(request, reply.text));
    await abortableSleep(delayMs, context.signal);
  }
}

/** The backoff before streaming the turn again, announced by `model-retry`; a failure that is not retried ends the turn. */
function retryDelay(context: RunContext, error: unknown, retry: number): number {
  const retryable = ModelCallError.isInstance(error) && !context.signal.aborted ? error : undefined;
  const delayMs = retryable ? transportRetryDelay(retryable, retry, context.policies.maxTransportRetries) : undefined;
  if (!retryable || delayMs === undefined) throw modelFailure(context, error);
  context.emit({ type: 'model-retry', attempt: retry, error: retryable, delayMs });
  return delayMs;
}
