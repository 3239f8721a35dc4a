/**
 * The stream of one ScriptedModel turn, written as a plain async iterator rather than async
 * generators. It delivers exactly what the generator version delivered: the text in chunks (before
 * each one: a `setImmediate` pause once `PAUSE_AFTER_MS` passed since the last pause, as `paced`
 * does, a signal check, then the `delayMs` wait and the check again), then the tool calls, then
 * `finish`. Why not generators: a model waiting on its delay is held by every run of a batch of
 * thousands, and what it holds then survives young-generation GCs and is promoted; the generator
 * version held two generator frames and an abort listener record per chunk, this object holds one
 * pending `next()` and its timer, with one abort listener (itself) for the whole stream.
 *
 * Like a generator: the turn is fetched on the first `next()`, a rejected `next()` ends the stream,
 * `return()` ends it (a delay being waited on still settles), and `next()` calls made while one is
 * pending are served in order.
 */
import { PAUSE_AFTER_MS } from '../models/paced.ts';
import type { ModelRequest, ModelStreamPart, ModelToolCall } from '../spec/model.ts';

/** What one `stream` call delivered: chunks pulled by the consumer out of the total. */
export interface StreamRecord {
  chunks: number;
  totalChunks: number;
  completed: boolean;
}

/** What a scripted turn streams, and the record it keeps up to date. */
export interface ScriptedStreamTurn {
  chunks: string[];
  toolCalls: ModelToolCall[];
  finish: ModelStreamPart;
  record: StreamRecord;
}

const done: IteratorResult<ModelStreamPart> = { done: true, value: undefined };

export class ScriptedStream implements AsyncIterableIterator<ModelStreamPart> {
  readonly #start: (request: ModelRequest) => ScriptedStreamTurn | Promise<ScriptedStreamTurn>;
  /** The request, until the turn was fetched. */
  #request: ModelRequest | undefined;
  readonly #delayMs: number;
  readonly #signal: AbortSignal | undefined;
  #turn: ScriptedStreamTurn | undefined;
  /** Parts delivered: chunks, then tool calls, then finish. */
  #delivered = 0;
  #ended = false;
  /** The last `next()`, and whether it is still pending (a later call then waits for it, as a generator queues them). */
  #pending: Promise<IteratorResult<ModelStreamPart>> | undefined;
  #busy = false;
  /** When the stream last let the event loop turn (`paced`). */
  #since = 0;
  /** The delay being waited on: its timer and how to settle the pending `next()`. */
  #timer: NodeJS.Timeout | undefined;
  #wake: ((result: IteratorResult<ModelStreamPart>) => void) | undefined;
  #fail: ((reason: unknown) => void) | undefined;
  #listening = false;

  constructor(start: (request: ModelRequest) => ScriptedStreamTurn | Promise<ScriptedStreamTurn>, request: ModelRequest, delayMs: number) {
    this.#start = start;
    this.#request = request;
    this.#delayMs = delayMs;
    this.#signal = request.signal;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ModelStreamPart>> {
    let pending: Promise<IteratorResult<ModelStreamPart>>;
    if (this.#busy) {
      const nextLater = () => this.next();
      pending = (this.#pending as Promise<unknown>).then(nextLater, nextLater);
    } else pending = this.#pull();
    this.#pending = pending;
    return pending;
  }

  return(): Promise<IteratorResult<ModelStreamPart>> {
    this.#end();
    return Promise.resolve(done);
  }

  /** One part. Every way out clears `#busy` when the part is known (no `then` per part to track it). */
  #pull(): Promise<IteratorResult<ModelStreamPart>> {
    this.#busy = true;
    try {
      if (this.#ended) return Promise.resolve(this.#settled(done));
      const turn = this.#turn;
      if (turn) return this.#part(turn);
      // A turn made at once is played at once (a throw: the catch below); closures only for a later one.
      const fetched = this.#start(this.#request as ModelRequest);
      if (fetched instanceof Promise) return fetched.then((later) => this.#first(later), (error: unknown) => this.#failed(error));
      return this.#first(fetched);
    } catch (error) {
      return this.#rejected(error);
    }
  }

  #first(turn: ScriptedStreamTurn): Promise<IteratorResult<ModelStreamPart>> {
    this.#turn = turn;
    this.#request = undefined;
    this.#since = performance.now();
    try {
      return this.#part(turn);
    } catch (error) {
      return this.#rejected(error);
    }
  }

  #settled(result: IteratorResult<ModelStreamPart>): IteratorResult<ModelStreamPart> {
    this.#busy = false;
    return result;
  }

  /** A failure ends the stream. */
  #failed(error: unknown): never {
    this.#busy = false;
    this.#end();
    throw error;
  }

  /** A failure before any promise was made: the same, as a rejected promise (`next()` never throws). */
  #rejected(error: unknown): Promise<never> {
    this.#busy = false;
    this.#end();
    return Promise.reject(error);
  }

  #part(turn: ScriptedStreamTurn): Promise<IteratorResult<ModelStreamPart>> {
    const index = this.#delivered;
    if (index < turn.chunks.length) {
      if (performance.now() - this.#since >= PAUSE_AFTER_MS) {
        return new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => {
            this.#since = performance.now();
            return this.#chunk(turn);
          })
          .catch((error: unknown) => this.#failed(error));
      }
      return this.#chunk(turn);
    }
    const callIndex = index - turn.chunks.length;
    this.#delivered += 1;
    if (callIndex < turn.toolCalls.length) return Promise.resolve(this.#settled({ done: false, value: { type: 'tool-call', toolCall: turn.toolCalls[callIndex] as ModelToolCall } }));
    turn.record.completed = true;
    this.#end();
    return Promise.resolve(this.#settled({ done: false, value: turn.finish }));
  }

  /** The signal check (as `paced` does), the delay, the check again, then the chunk; throws when aborted. */
  #chunk(turn: ScriptedStreamTurn): Promise<IteratorResult<ModelStreamPart>> {
    this.#signal?.throwIfAborted();
    if (this.#delayMs <= 0) return Promise.resolve(this.#deliverChunk(turn));
    ScriptedStream.#delaying = this;
    try {
      return new Promise<IteratorResult<ModelStreamPart>>(ScriptedStream.#startDelay);
    } finally {
      ScriptedStream.#delaying = undefined;
    }
  }

  /** The stream whose delay `#startDelay` starts: the executor runs at once, so one function serves every chunk (no closure per chunk). */
  static #delaying: ScriptedStream | undefined;

  static #startDelay(this: void, resolve: (result: IteratorResult<ModelStreamPart>) => void, reject: (reason: unknown) => void): void {
    const stream = ScriptedStream.#delaying as ScriptedStream;
    stream.#wake = resolve;
    stream.#fail = reject;
    stream.#timer = setTimeout(ScriptedStream.#onTimer, stream.#delayMs, stream);
    if (stream.#signal && !stream.#listening) {
      stream.#listening = true;
      stream.#signal.addEventListener('abort', stream);
    }
  }

  #deliverChunk(turn: ScriptedStreamTurn): IteratorResult<ModelStreamPart> {
    this.#signal?.throwIfAborted();
    const text = turn.chunks[this.#delivered] as string;
    this.#delivered += 1;
    turn.record.chunks += 1;
    return this.#settled({ done: false, value: { type: 'text-delta', text } });
  }

  static #onTimer(stream: ScriptedStream): void {
    const wake = stream.#wake as (result: IteratorResult<ModelStreamPart>) => void;
    const fail = stream.#fail as (reason: unknown) => void;
    stream.#timer = undefined;
    stream.#wake = undefined;
    stream.#fail = undefined;
    if (stream.#ended) stream.#stopListening();
    let result: IteratorResult<ModelStreamPart>;
    try {
      result = stream.#deliverChunk(stream.#turn as ScriptedStreamTurn);
    } catch (error) {
      stream.#busy = false;
      stream.#end();
      fail(error);
      return;
    }
    wake(result);
  }

  /** The signal aborted (this object is its listener: no closure per stream). */
  handleEvent(): void {
    const fail = this.#fail;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wake = undefined;
    this.#fail = undefined;
    this.#stopListening();
    if (fail) {
      this.#busy = false;
      this.#end();
      fail(this.#signal?.reason);
    }
  }

  #stopListening(): void {
    if (!this.#listening) return;
    this.#listening = false;
    this.#signal?.removeEventListener('abort', this);
  }

  /** No more parts. A delay being waited on still settles (by its timer or the signal), as a generator's would. */
  #end(): void {
    this.#ended = true;
    if (!this.#timer) this.#stopListening();
  }
}
