/**
 * Streams one model turn. Emits `decision-delta` for each text delta (and, for codecs that stream
 * thoughts (`Codec.thoughtStream`: envelope, xml), one per completed typed thought). With `maxActionsPerTurn` 1
 * (or a codec whose turn is one value, the envelope), after each delta the codec's completion check is asked whether
 * the delta may have completed a decision; on the first valid one the stream is abandoned (the
 * iteration is broken and the per-turn signal aborted) so the loop can act at once. With more
 * actions allowed the whole turn is read, then parsed, exactly as `generate` would be.
 * The codec's check is incremental (each delta is scanned once), and after an early parse fails
 * the next early parse waits until the text has doubled, so a turn costs time linear in its length;
 * the end of the stream is always parsed.
 *
 * A retryable transport failure (e.g. the connection cut mid-stream) before any decision was
 * accepted discards the partial text, emits `model-retry` and streams the turn again after a
 * backoff, at most `maxTransportRetries` times (see `transport-retry.ts`). The discarded attempt's
 * tokens are estimated into the turn's usage. One attempt is `stream-attempt.ts`.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import { abortableSleep } from '../models/abortable-sleep.ts';
import { addUsage, emptyUsage, type ModelRequest, type Usage } from '../spec/model.ts';
import type { ParseOptions } from '../protocols/codec.ts';
import { estimateUsage } from './estimate-usage.ts';
import { modelFailure } from './model-failure.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';
import { firstAttempt, streamAttempt, type Attempt, type FailedAttempt } from './stream-attempt.ts';
import { transportRetryDelay } from './transport-retry.ts';

export function streamTurn(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  // The first attempt needs no frame of its own (a run waiting on its model holds one async frame
  // less), and settles as the turn: only a failed one goes on to `retryTurn`.
  return firstAttempt(state, request, parseOptions, retryTurn);
}

/** After a failed attempt: retries while the failure is retryable; the discarded attempts' usage is estimated into the turn's. */
async function retryTurn(state: RunState, request: ModelRequest, parseOptions: ParseOptions, failed: FailedAttempt): Promise<RawTurn> {
  let discarded: Usage = emptyUsage();
  let attempt: Attempt = failed;
  for (let retry = 1; ; retry++) {
    if (attempt.ok) return { ...attempt.turn, usage: addUsage(discarded, attempt.turn.usage), usageEstimated: true };
    const { error } = attempt;
    const retryable = ModelCallError.isInstance(error) && !state.context.signal.aborted;
    const delayMs = retryable ? transportRetryDelay(error, retry, state.context.policies.maxTransportRetries) : undefined;
    if (!retryable || delayMs === undefined) throw modelFailure(state.context, error);
    discarded = addUsage(discarded, estimateUsage(request, attempt.text));
    state.context.emit({ type: 'model-retry', attempt: retry, error, delayMs });
    await abortableSleep(delayMs, state.context.signal);
    attempt = await streamAttempt(state, request, parseOptions);
  }
}
