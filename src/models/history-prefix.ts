/**
 * `messages` fields that are the first `count` messages of a run's history, read on demand instead
 * of copied per step. The loop's history only grows and a sent message never changes
 * (`loop/seal-history.ts`), so the prefix read later is what was there when the field was made.
 *
 * The field is an own enumerable accessor: JSON, spreads, `Object.keys` and `structuredClone` see it
 * like a plain field. An object literal with a `get` makes a new getter function and object shape
 * each time, which V8 builds in its slow runtime path (about a microsecond); instead every object
 * gets the same accessor (one shared descriptor, so the objects share their shape), and each one's
 * history and count ride on it as private fields (`HistoryPrefix`): invisible to keys, JSON, clones
 * and deep equality, the object stays a plain object.
 *
 * Each read checks that the prefix still ends with the message it ended with when the field was made
 * (one identity check): a history cut or rewritten in place is a bug, an InternalError, never a
 * silently different list.
 *
 * - `defineEventMessages` (the `model-request` event): each read is a new copy, as before.
 * - `defineRequestMessages` (a `ModelRequest`): the first read copies once and every later read
 *   returns that same array; an assignment replaces it, as with a data field. Until then a model
 *   adapter may read the prefix without any copy (`historyPrefix`, used by `toCallOptions`).
 */
import { InternalError } from '../errors/internal-error.ts';
import type { ModelMessage } from '../spec/model.ts';

/** Lets a subclass add private fields to an object it did not create (the constructor returns it). */
class Stamp {
  constructor(target: object) {
    return target;
  }
}

/** What a `messages` field reads: a history, how many of its messages, and the copy once made or assigned. */
class HistoryPrefix extends Stamp {
  readonly #history: readonly ModelMessage[];
  readonly #count: number;
  /** The prefix's last message when the field was made. */
  readonly #last: ModelMessage | undefined;
  #messages: ModelMessage[] | undefined;

  constructor(target: object, history: readonly ModelMessage[], count: number) {
    super(target);
    this.#history = history;
    this.#count = count;
    this.#last = history[count - 1];
    this.#messages = undefined;
  }

  /** The prefix copied, after checking it is still the one the field was made with. */
  #copy(): ModelMessage[] {
    if (this.#history.length < this.#count || this.#history[this.#count - 1] !== this.#last) {
      throw new InternalError('sent history', { message: 'A sent message was removed or replaced in the run history: the history may only grow.' });
    }
    return this.#history.slice(0, this.#count);
  }

  /** A new copy of the prefix (undefined for an object this module did not stamp). */
  static copy(target: object): ModelMessage[] | undefined {
    return #history in target ? (target as HistoryPrefix).#copy() : undefined;
  }

  /** The request's messages: copied on the first read, the same array after (or what was assigned). */
  static messages(target: object): ModelMessage[] | undefined {
    if (!(#history in target)) return undefined;
    const prefix = target as HistoryPrefix;
    prefix.#messages ??= prefix.#copy();
    return prefix.#messages;
  }

  static assign(target: object, messages: ModelMessage[]): void {
    if (#history in target) (target as HistoryPrefix).#messages = messages;
  }

  /** The uncopied prefix, while the field was neither read nor assigned. */
  static view(target: object): { history: readonly ModelMessage[]; count: number } | undefined {
    if (!(#history in target)) return undefined;
    const prefix = target as HistoryPrefix;
    return prefix.#messages === undefined ? { history: prefix.#history, count: prefix.#count } : undefined;
  }
}

const eventMessages: PropertyDescriptor = {
  get(this: object) {
    return HistoryPrefix.copy(this);
  },
  enumerable: true,
  configurable: true,
};

const requestMessages: PropertyDescriptor = {
  get(this: object) {
    return HistoryPrefix.messages(this);
  },
  set(this: object, messages: ModelMessage[]) {
    HistoryPrefix.assign(this, messages);
  },
  enumerable: true,
  configurable: true,
};

/** Adds `messages` to `target`: a new copy of `history`'s first `count` messages on each read. */
export function defineEventMessages<T extends object>(target: T, history: readonly ModelMessage[], count: number): T & { readonly messages: ModelMessage[] } {
  Object.defineProperty(target, 'messages', eventMessages);
  new HistoryPrefix(target, history, count);
  return target as T & { readonly messages: ModelMessage[] };
}

/** Adds `messages` to `target`: `history`'s first `count` messages, copied once when first read. */
export function defineRequestMessages<T extends object>(target: T, history: readonly ModelMessage[], count: number): T & { messages: ModelMessage[] } {
  Object.defineProperty(target, 'messages', requestMessages);
  new HistoryPrefix(target, history, count);
  return target as T & { messages: ModelMessage[] };
}

/**
 * The history and count behind a request's `messages` while nobody has read or replaced them, so
 * an adapter can convert the prefix without copying it; undefined for any other request (read its
 * `messages` then).
 */
export function historyPrefix(request: object): { history: readonly ModelMessage[]; count: number } | undefined {
  return HistoryPrefix.view(request);
}
