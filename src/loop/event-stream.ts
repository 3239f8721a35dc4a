/**
 * A single-consumer async queue: the loop pushes events without waiting; the consumer iterates.
 * Events are buffered only for a consumer: one that starts iterating before the event loop turns
 * after the stream was made (the same tick as `agent.run()`, as `for await (const event of run)`
 * right after it does) gets every event, from the first. A run nobody iterates by then keeps no
 * events at all (the caller only awaits `result`): thousands of concurrent runs hold no event objects.
 *
 * The turn is watched once for all the streams made before it (one `setImmediate` per batch, not
 * one per run): runs started back to back, or thousands at once, share it.
 */
export class EventStream<T> implements AsyncIterable<T> {
  /** The streams made since the batch's `setImmediate` was set, not yet past their turn. */
  static #batch: EventStream<unknown>[] | undefined;

  readonly #buffer: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | undefined;
  #closed = false;
  /** True once someone asked for an iterator. */
  #read = false;
  /** True once the event loop turned with nobody reading: events are dropped from then on. */
  #unread = false;

  constructor() {
    let batch = EventStream.#batch;
    if (!batch) {
      batch = EventStream.#batch = [];
      setImmediate(EventStream.#turned, batch);
    }
    batch.push(this as EventStream<unknown>);
  }

  /** The event loop turned: streams of the batch nobody reads drop their events and keep none. */
  static #turned(this: void, batch: EventStream<unknown>[]): void {
    if (EventStream.#batch === batch) EventStream.#batch = undefined;
    for (const stream of batch) {
      if (stream.#read) continue;
      stream.#unread = true;
      stream.#buffer.length = 0;
    }
  }

  push(event: T): void {
    if (this.#closed || this.#unread) return;
    const waiting = this.#waiting;
    if (waiting) {
      this.#waiting = undefined;
      waiting({ value: event, done: false });
    } else this.#buffer.push(event);
  }

  close(): void {
    this.#closed = true;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    this.#read = true;
    return {
      next: () => {
        const event = this.#buffer.shift();
        if (event !== undefined) return Promise.resolve({ value: event, done: false });
        if (this.#closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.#waiting = resolve));
      },
    };
  }
}
