/**
 * A model's streamed parts for one `for await`: each part is waited on only while the run's signal
 * is live (a model that ignores its signal cannot hold the run), and a failure of the model (a
 * throw or rejection from it) ends the parts instead of escaping the loop body, kept in `failure`
 * for the caller to judge. So a throw out of the `for await` is always reins' own.
 *
 * It hands the model's own iterator on, part by part, rather than re-yielding each part from a
 * generator of its own: a run waiting on its model holds one pending part, not two.
 */
import type { Model, ModelRequest, ModelStreamPart } from '../spec/model.ts';
import { untilAborted } from '../tools/until-aborted.ts';

const done: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

export class ModelParts implements AsyncIterableIterator<ModelStreamPart, undefined> {
  /** Set when the model failed (or the run's signal aborted while a part was awaited). */
  failure: { error: unknown } | undefined;
  readonly #parts: AsyncIterator<ModelStreamPart> | undefined;
  readonly #signal: AbortSignal;

  constructor(model: Model, request: ModelRequest, signal: AbortSignal) {
    this.#signal = signal;
    try {
      signal.throwIfAborted();
      if (!model.stream) throw new TypeError('a streamed turn needs a model with stream()');
      this.#parts = model.stream(request)[Symbol.asyncIterator]();
    } catch (error) {
      this.failure = { error };
    }
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The model's next part, or the end once the model failed (the failure is kept, the model told to stop). */
  next(): Promise<IteratorResult<ModelStreamPart, undefined>> {
    const parts = this.#parts;
    if (!parts || this.failure) return Promise.resolve(done);
    return untilAborted(() => parts.next(), this.#signal).catch((error: unknown) => {
      this.failure = { error };
      return this.return();
    });
  }

  /**
   * Left before its end (the decision was read, the run stopped, the model failed): the model is
   * told to stop, not waited for (a model stuck in a call would hold the run).
   */
  return(): Promise<IteratorReturnResult<undefined>> {
    Promise.resolve(this.#parts?.return?.()).catch(() => undefined);
    return Promise.resolve(done);
  }
}
