/**
 * A model's streamed parts for one `for await`: each part is waited on only while the run's signal
 * is live (a model that ignores its signal cannot hold the run), and a failure of the model (a
 * throw or rejection from it) ends the iteration instead of escaping the loop body, kept in
 * `failure` for the caller to judge. So a throw out of the `for await` is always reins' own.
 */
import type { Model, ModelRequest, ModelStreamPart } from '../spec/model.ts';
import { untilAborted } from '../tools/until-aborted.ts';

export class ModelParts implements AsyncIterable<ModelStreamPart> {
  /** Set when the model failed (or the run's signal aborted while a part was awaited). */
  failure: { error: unknown } | undefined;
  readonly #model: Model;
  readonly #request: ModelRequest;
  readonly #signal: AbortSignal;

  constructor(model: Model, request: ModelRequest, signal: AbortSignal) {
    this.#model = model;
    this.#request = request;
    this.#signal = signal;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<ModelStreamPart> {
    let parts: AsyncIterator<ModelStreamPart>;
    try {
      this.#signal.throwIfAborted();
      const stream = this.#model.stream;
      if (!stream) throw new TypeError('a streamed turn needs a model with stream()');
      parts = stream.call(this.#model, this.#request)[Symbol.asyncIterator]();
    } catch (error) {
      this.failure = { error };
      return;
    }
    let ended = false;
    try {
      for (;;) {
        let next: IteratorResult<ModelStreamPart>;
        try {
          next = await untilAborted(() => parts.next(), this.#signal);
        } catch (error) {
          this.failure = { error };
          return;
        }
        if (next.done) {
          ended = true;
          return;
        }
        yield next.value;
      }
    } finally {
      // Left before its end (the decision was read, the run stopped, the model failed): the model is
      // told to stop, not waited for (a model stuck in a call would hold the run).
      if (!ended) Promise.resolve(parts.return?.()).catch(() => undefined);
    }
  }
}
