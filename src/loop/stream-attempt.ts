/**
 * One attempt at streaming a model turn (`stream-turn.ts` retries failed ones). Each part is read
 * with one `then` on the model's `next()`; the attempt's state lives in one object, not in an async
 * frame. Why: a run waiting on its model holds this state for as long as the model takes, and with
 * thousands of runs in one process everything a waiting run holds survives young-generation GCs and
 * is promoted: an async frame (its register file), a promise the run's signal rejects and a
 * `Promise.race` per part held far more than these fields.
 *
 * What it does, in order: emits `decision-delta` per text delta (and per completed typed thought for
 * codecs with `thoughtStream`); with one action per turn (or a one-value codec) asks the codec's
 * completion check after each delta and, on the first valid parse, leaves the stream (its
 * `return()` is called, not awaited, and the attempt's signal aborts with one shared reason);
 * otherwise reads the whole turn and parses it at the end. After an early parse fails, the next one
 * waits until the text has doubled. Once the run's signal aborts, the attempt stops waiting for the
 * model at once (a model that ignores its signal cannot hold the run). A failure of the model (a
 * throw or rejection from it) ends the attempt as `{ ok: false }`; a throw while reins handles a
 * part (a codec bug) rejects.
 */
import type { ParseOptions, ParseResult } from '../protocols/codec.ts';
import type { ModelRequest, ModelStreamPart, ModelToolCall, Usage } from '../spec/model.ts';
import { abortWaiters, type AbortWaiters } from '../tools/abort-waiters.ts';
import { attemptRequest } from './attempt-request.ts';
import { estimateUsage } from './estimate-usage.ts';
import type { RawTurn } from './raw-turn.ts';
import type { RunState } from './run-state.ts';
import { yieldPoint } from './time-slice.ts';

export type FailedAttempt = { ok: false; error: unknown; text: string };
export type Attempt = { ok: true; turn: RawTurn } | FailedAttempt;

/** One shared reason for stopping a stream whose decision was read: no exception (and stack) per turn. */
const decisionRead = new DOMException('the decision was read; the rest of the stream is not needed', 'AbortError');

/** One attempt, settled as an `Attempt` (a retry, `stream-turn.ts`). */
export function streamAttempt(state: RunState, request: ModelRequest, parseOptions: ParseOptions): Promise<Attempt> {
  return startAttempt(state, request, parseOptions, undefined);
}

/** What a turn's first attempt hands a failure to: its promise settles the turn. */
export type OnFailedAttempt = (state: RunState, request: ModelRequest, parseOptions: ParseOptions, failed: FailedAttempt) => Promise<RawTurn>;

/**
 * A turn's first attempt, settled as the turn itself: the turn on success, else what `onFailed`
 * makes of the failure (the retries). Why not `streamAttempt(...).then(...)`: every turn would
 * cost a second promise, a closure and an `Attempt` wrapper, and one more microtask.
 */
export function firstAttempt(state: RunState, request: ModelRequest, parseOptions: ParseOptions, onFailed: OnFailedAttempt): Promise<RawTurn> {
  return startAttempt(state, request, parseOptions, onFailed);
}

function startAttempt<T extends Attempt | RawTurn>(state: RunState, request: ModelRequest, parseOptions: ParseOptions, onFailed: OnFailedAttempt | undefined): Promise<T> {
  const stream = state.context.model.stream;
  if (!stream) return Promise.reject(new TypeError('streamTurn needs a model with stream()'));
  return new StreamAttempt(state, request, parseOptions, onFailed).run(stream) as Promise<T>;
}

type Success = Extract<ParseResult, { success: true }>;

/** Swallows the rejection of a promise nobody waits on any more (one function, not a closure per turn). */
const ignore = (): undefined => undefined;

class StreamAttempt {
  readonly #state: RunState;
  readonly #request: ModelRequest;
  readonly #parseOptions: ParseOptions;
  /** Set for a turn's first attempt: the attempt then settles as the turn (`firstAttempt`). */
  readonly #onFailed: OnFailedAttempt | undefined;
  #resolve!: (settled: Attempt | RawTurn | Promise<RawTurn>) => void;
  #reject!: (error: unknown) => void;
  /** Stops this attempt's stream once its decision was read; follows the run's signal too. */
  readonly #controller = new AbortController();
  readonly #runWaiters: AbortWaiters;
  readonly #thoughts: ReturnType<NonNullable<RunState['context']['codec']['thoughtStream']>> | undefined;
  readonly #check: ReturnType<RunState['context']['codec']['completionCheck']> | undefined;
  /** After an early parse failed, the next one waits until the text doubled: early parses cost O(n) in all. */
  #parseFrom = 0;
  #text = '';
  readonly #toolCalls: ModelToolCall[] = [];
  #usage: Usage | undefined;
  #modelId: string;
  #finishReason: RawTurn['finishReason'];
  #responseId: string | undefined;
  #parsed: Success | undefined;
  /** The model's parts, read directly. */
  #parts: AsyncIterator<ModelStreamPart> | undefined;
  /** The stream reached its end. */
  #ended = false;
  /** The attempt settled: later parts and failures are ignored. */
  #settled = false;
  /** Waiting for the model's next part (the run's abort then ends the attempt at once). */
  #waiting = false;
  /** The run's signal aborted: the attempt ends at the next wait for a part. */
  #stopped = false;

  constructor(
    state: RunState,
    request: ModelRequest,
    parseOptions: ParseOptions,
    onFailed: OnFailedAttempt | undefined,
  ) {
    this.#state = state;
    this.#request = request;
    this.#parseOptions = parseOptions;
    this.#onFailed = onFailed;
    this.#runWaiters = abortWaiters(state.context.signal);
    this.#modelId = state.context.model.modelId;
    const codec = state.context.codec;
    const stopEarly = (parseOptions.maxActions ?? 1) <= 1 || codec.oneValuePerTurn === true;
    this.#thoughts = codec.thoughtStream?.();
    this.#check = stopEarly ? codec.completionCheck() : undefined;
  }

  /** Starts the attempt: the promise settles as the attempt (or, for a first attempt, the turn). */
  run(stream: NonNullable<RunState['context']['model']['stream']>): Promise<Attempt | RawTurn> {
    StreamAttempt.#making = this;
    let promise: Promise<Attempt | RawTurn>;
    try {
      promise = new Promise(StreamAttempt.#keepSettlers);
    } finally {
      StreamAttempt.#making = undefined;
    }
    try {
      this.#start(stream);
    } catch (error) {
      this.#reject(error); // as a throw in a promise executor would
    }
    return promise;
  }

  /** The attempt whose promise is being made: the executor runs at once, so one function serves every attempt (no closure per turn). */
  static #making: StreamAttempt | undefined;

  static #keepSettlers(this: void, resolve: (settled: Attempt | RawTurn | Promise<RawTurn>) => void, reject: (error: unknown) => void): void {
    const attempt = StreamAttempt.#making as StreamAttempt;
    attempt.#resolve = resolve;
    attempt.#reject = reject;
  }

  #start(stream: NonNullable<RunState['context']['model']['stream']>): void {
    const runSignal = this.#state.context.signal;
    try {
      if (runSignal.aborted) throw runSignal.reason;
      this.#runWaiters.add(this.#followRun);
      this.#parts = stream.call(this.#state.context.model, attemptRequest(this.#request, this.#controller.signal))[Symbol.asyncIterator]();
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#pull();
  }

  /** The run's signal aborted: the attempt's stream is told, and a wait for a part ends now. */
  readonly #followRun = (): void => {
    const reason = this.#state.context.signal.reason;
    this.#controller.abort(reason);
    this.#stopped = true;
    if (this.#waiting) this.#fail(reason);
  };

  #pull(): void {
    let pending: Promise<IteratorResult<ModelStreamPart>>;
    try {
      pending = (this.#parts as AsyncIterator<ModelStreamPart>).next();
    } catch (error) {
      this.#fail(error);
      return;
    }
    if (this.#stopped) {
      Promise.resolve(pending).catch(ignore);
      this.#fail(this.#state.context.signal.reason);
      return;
    }
    this.#waiting = true;
    Promise.resolve(pending).then(this.#onNext, this.#onError);
  }

  readonly #onError = (error: unknown): void => {
    this.#waiting = false;
    this.#fail(error);
  };

  readonly #onNext = (next: IteratorResult<ModelStreamPart>): void => {
    this.#waiting = false;
    if (this.#settled) return;
    if (next.done) {
      this.#ended = true;
      this.#complete();
      return;
    }
    const part = next.value;
    const wait = yieldPoint(); // fair CPU across concurrent runs (time-slice.ts)
    if (wait) void wait.then(() => this.#handle(part));
    else this.#handle(part);
  };

  /** One part; a throw here is reins' own (a codec bug): the attempt rejects with it. */
  #handle(part: ModelStreamPart): void {
    try {
      if (this.#take(part)) this.#complete();
      else this.#pull();
    } catch (error) {
      const failedCleanUp = this.#cleanUp();
      this.#settle();
      this.#reject(failedCleanUp ? failedCleanUp.thrown : error);
    }
  }

  /** Takes one part in; true once the decision was read early. */
  #take(part: ModelStreamPart): boolean {
    if (part.type === 'tool-call') this.#toolCalls.push(part.toolCall);
    else if (part.type === 'finish') {
      this.#usage = part.usage;
      this.#modelId = part.modelId ?? this.#modelId;
      this.#finishReason = part.finishReason;
      this.#responseId = part.responseId;
    } else if (part.text !== '') {
      const context = this.#state.context;
      this.#text += part.text;
      context.emit({ type: 'decision-delta', text: part.text });
      for (const thought of this.#thoughts?.update(part.text) ?? []) context.emit({ type: 'decision-delta', text: '', thought });
      if (this.#check?.push(part.text) && this.#text.length >= this.#parseFrom) {
        const result = context.codec.parse(this.#text, { ...this.#parseOptions, toolCalls: this.#toolCalls });
        if (result.success) {
          this.#parsed = result;
          return true;
        }
        this.#parseFrom = 2 * this.#text.length;
      }
    }
    return false;
  }

  /** The model failed (or the run was cancelled): the partial text is kept for the usage estimate. */
  #fail(error: unknown): void {
    if (this.#settled) return;
    const failedCleanUp = this.#cleanUp();
    this.#settle();
    if (failedCleanUp) this.#reject(failedCleanUp.thrown);
    else {
      const failed: FailedAttempt = { ok: false, error, text: this.#text };
      this.#resolve(this.#onFailed ? this.#onFailed(this.#state, this.#request, this.#parseOptions, failed) : failed);
    }
  }

  /** The stream ended or its decision was read: the final parse (the end of a stream is always parsed). */
  #complete(): void {
    const failedCleanUp = this.#cleanUp();
    this.#settle();
    if (failedCleanUp) {
      this.#reject(failedCleanUp.thrown);
      return;
    }
    try {
      const context = this.#state.context;
      const text = this.#text;
      const final = this.#parsed ?? context.codec.parse(text, { ...this.#parseOptions, toolCalls: this.#toolCalls });
      if (this.#thoughts && final.success) for (const thought of this.#thoughts.remaining(final.thoughts)) context.emit({ type: 'decision-delta', text: '', thought });
      const usage = this.#usage;
      const turn: RawTurn = { text, toolCalls: this.#toolCalls, usage: usage ?? estimateUsage(this.#request, text), modelId: this.#modelId, usageEstimated: usage === undefined };
      if (this.#finishReason) turn.finishReason = this.#finishReason;
      if (this.#responseId) turn.responseId = this.#responseId;
      if (final.success) turn.parsed = final;
      this.#resolve(this.#onFailed ? turn : { ok: true, turn });
    } catch (error) {
      this.#reject(error);
    }
  }

  #settle(): void {
    this.#settled = true;
  }

  /**
   * A stream left before its end (a decision read early, an abort, a failure) is told to stop, not
   * awaited. A `return()` that throws makes the attempt reject with its error (as a `finally` that
   * throws would).
   */
  #cleanUp(): { thrown: unknown } | undefined {
    this.#runWaiters.delete(this.#followRun);
    const parts = this.#parts;
    if (parts && !this.#ended) {
      try {
        Promise.resolve(parts.return?.()).catch(ignore);
      } catch (thrown) {
        return { thrown };
      }
    }
    if (this.#parsed) this.#controller.abort(decisionRead);
    return undefined;
  }
}
