/**
 * A single-consumer async queue: the loop pushes events without waiting; the consumer iterates.
 * Events are buffered until read, so a caller may skip iteration and only await the result.
 */
export class EventStream<T> implements AsyncIterable<T> {
  readonly #buffer: T[] = [];
  #waiting: ((result: IteratorResult<T>) => void) | undefined;
  #closed = false;

  push(event: T): void {
    if (this.#closed) return;
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
