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
  readonly #start: (request: ModelRequest) => Promise<ScriptedStreamTurn>;
  /** The request, until the turn was fetched. */
  #request: ModelRequest | undefined;
  readonly #delayMs: number;
  readonly #signal: AbortSignal | undefined;
  #turn: ScriptedStreamTurn | undefined;
  /** Parts delivered: chunks, then tool calls, then finish. */
  #delivered = 0;
  #ended = false;
  /** The last `next()` and how many are still pending (a later call waits for it, as a generator queues them). */
  #pending: Promise<IteratorResult<ModelStreamPart>> | undefined;
  #pulling = 0;
  /** When the stream last let the event loop turn (`paced`). */
  #since = 0;
  /** The delay being waited on: its timer and how to settle it. */
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;
  #fail: ((reason: unknown) => void) | undefined;
  #listening = false;

  constructor(start: (request: ModelRequest) => Promise<ScriptedStreamTurn>, request: ModelRequest, delayMs: number) {
    this.#start = start;
    this.#request = request;
    this.#delayMs = delayMs;
    this.#signal = request.signal;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<ModelStreamPart>> {
    const pending = this.#pull(this.#pulling > 0 ? this.#pending : undefined);
    this.#pulling += 1;
    this.#pending = pending;
    return pending;
  }

  return(): Promise<IteratorResult<ModelStreamPart>> {
    this.#end();
    return Promise.resolve(done);
  }

  async #pull(previous: Promise<unknown> | undefined): Promise<IteratorResult<ModelStreamPart>> {
    try {
      if (previous) await previous.catch(() => undefined);
      if (this.#ended) return done;
      return await this.#part();
    } catch (error) {
      this.#end();
      throw error;
    } finally {
      this.#pulling -= 1;
    }
  }

  async #part(): Promise<IteratorResult<ModelStreamPart>> {
    let turn = this.#turn;
    if (!turn) {
      turn = await this.#start(this.#request as ModelRequest);
      this.#turn = turn;
      this.#request = undefined;
      this.#since = performance.now();
    }
    const index = this.#delivered;
    if (index < turn.chunks.length) {
      if (performance.now() - this.#since >= PAUSE_AFTER_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        this.#since = performance.now();
      }
      this.#signal?.throwIfAborted();
      if (this.#delayMs > 0) await this.#sleep();
      this.#signal?.throwIfAborted();
      this.#delivered += 1;
      turn.record.chunks += 1;
      return { done: false, value: { type: 'text-delta', text: turn.chunks[index] as string } };
    }
    const callIndex = index - turn.chunks.length;
    this.#delivered += 1;
    if (callIndex < turn.toolCalls.length) return { done: false, value: { type: 'tool-call', toolCall: turn.toolCalls[callIndex] as ModelToolCall } };
    turn.record.completed = true;
    this.#end();
    return { done: false, value: turn.finish };
  }

  #sleep(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#wake = resolve;
      this.#fail = reject;
      this.#timer = setTimeout(ScriptedStream.#onTimer, this.#delayMs, this);
      if (this.#signal && !this.#listening) {
        this.#listening = true;
        this.#signal.addEventListener('abort', this);
      }
    });
  }

  static #onTimer(stream: ScriptedStream): void {
    const wake = stream.#wake;
    stream.#timer = undefined;
    stream.#wake = undefined;
    stream.#fail = undefined;
    if (stream.#ended) stream.#stopListening();
    wake?.();
  }

  /** The signal aborted (this object is its listener: no closure per stream). */
  handleEvent(): void {
    const fail = this.#fail;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wake = undefined;
    this.#fail = undefined;
    this.#stopListening();
    fail?.(this.#signal?.reason);
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
