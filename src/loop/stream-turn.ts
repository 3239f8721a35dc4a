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
 * tokens are estimated into the turn's usage.
 */
import { ModelCallError } from '../errors/model-call-error.ts';
import { abortableSleep } from '../models/abortable-sleep.ts';
import { addUsage, emptyUsage, type ModelRequest, type ModelStreamPart, type ModelToolCall, type Usage } from '../spec/model.ts';
import type { ParseOptions } from '../protocols/codec.ts';
import { estimateUsage } from './estimate-usage.ts';
import { modelFailure } from './model-failure.ts';
import { yieldPoint } from './time-slice.ts';
import { abortWaiters } from '../tools/abort-waiters.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';
import { transportRetryDelay } from './transport-retry.ts';

type FailedAttempt = { ok: false; error: unknown; text: string };
type Attempt = { ok: true; turn: RawTurn } | FailedAttempt;

export function streamTurn(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<RawTurn> {
  // The first attempt needs no frame of its own: a run waiting on its model holds one async frame less.
  return streamOnce(state, request, parseOptions).then((attempt) => (attempt.ok ? attempt.turn : retryTurn(state, request, parseOptions, attempt)));
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
    attempt = await streamOnce(state, request, parseOptions);
  }
}

/** One shared reason for stopping a stream whose decision was read: no exception (and stack) per turn. */
const decisionRead = new DOMException('the decision was read; the rest of the stream is not needed', 'AbortError');

async function streamOnce(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<Attempt> {
  const stream = state.context.model.stream;
  if (!stream) throw new TypeError('streamTurn needs a model with stream()');
  const stopEarly = (parseOptions.maxActions ?? 1) <= 1 || state.context.codec.oneValuePerTurn === true;
  /**
   * Stops this turn's stream once its decision was read; the run's signal stops it too, as one of
   * its waiters (`abort-waiters.ts`) dropped when the turn ends (no `AbortSignal.any` per turn: a composite signal costs
   * weak references and finalization work on every turn of every run).
   */
  const turnController = new AbortController();
  const turnSignal = turnController.signal;
  const runSignal = state.context.signal;
  /** Rejects once the run's signal aborts: each wait for a part races it, so a model that ignores the signal cannot hold the run. */
  let stopWaiting: (reason: unknown) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => (stopWaiting = reject));
  stopped.catch(() => undefined);
  const runWaiters = abortWaiters(runSignal);
  const followRun = () => {
    turnController.abort(runSignal.reason);
    stopWaiting(runSignal.reason);
  };
  const thoughts = state.context.codec.thoughtStream?.();
  const check = stopEarly ? state.context.codec.completionCheck() : undefined;
  /** After an early parse failed, the next one waits until the text doubled: early parses cost O(n) in all. */
  let parseFrom = 0;
  let text = '';
  const toolCalls: ModelToolCall[] = [];
  let usage: Usage | undefined;
  let modelId = state.context.model.modelId;
  let finishReason: RawTurn['finishReason'];
  let parsed: RawTurn['parsed'];
  /** True while reins handles a part: a throw then is reins' own (a codec bug), not the model's. */
  let handling = false;
  /** The model's parts, read directly (no wrapping generator: one promise hop less per part). */
  let parts: AsyncIterator<ModelStreamPart> | undefined;
  let ended = false;
  try {
    if (runSignal.aborted) throw runSignal.reason;
    runWaiters.add(followRun);
    parts = stream.call(state.context.model, { ...request, signal: turnSignal })[Symbol.asyncIterator]();
    for (;;) {
      const pending = parts.next();
      let next: IteratorResult<ModelStreamPart>;
      try {
        next = await Promise.race([pending, stopped]);
      } catch (error) {
        if (runSignal.aborted) pending.catch(() => undefined);
        throw error;
      }
      if (next.done) {
        ended = true;
        break;
      }
      const part = next.value;
      const wait = yieldPoint(); // fair CPU across concurrent runs (time-slice.ts)
      if (wait) await wait;
      handling = true;
      if (part.type === 'tool-call') toolCalls.push(part.toolCall);
      else if (part.type === 'finish') {
        usage = part.usage;
        modelId = part.modelId ?? modelId;
        finishReason = part.finishReason;
      } else if (part.text !== '') {
        text += part.text;
        state.context.emit({ type: 'decision-delta', text: part.text });
        for (const thought of thoughts?.update(part.text) ?? []) state.context.emit({ type: 'decision-delta', text: '', thought });
        if (check?.push(part.text) && text.length >= parseFrom) {
          const result = state.context.codec.parse(text, { ...parseOptions, toolCalls });
          if (result.success) {
            parsed = result;
            break;
          }
          parseFrom = 2 * text.length;
        }
      }
      handling = false;
    }
  } catch (error) {
    if (handling) throw error;
    return { ok: false, error, text };
  } finally {
    runWaiters.delete(followRun);
    // A stream left before its end (a decision read early, an abort, a failure) is told to stop, not awaited.
    if (parts && !ended) Promise.resolve(parts.return?.()).catch(() => undefined);
    if (parsed) turnController.abort(decisionRead);
  }
  const final = parsed ?? state.context.codec.parse(text, { ...parseOptions, toolCalls });
  if (thoughts && final.success) for (const thought of thoughts.remaining(final.thoughts)) state.context.emit({ type: 'decision-delta', text: '', thought });
  const turn: RawTurn = { text, toolCalls, usage: usage ?? estimateUsage(request, text), modelId, usageEstimated: usage === undefined };
  if (finishReason) turn.finishReason = finishReason;
  if (final.success) turn.parsed = final;
  return { ok: true, turn };
}
