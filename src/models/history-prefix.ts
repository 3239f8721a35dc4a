/**
 * `messages` fields that are the first `count` messages of a run's history, read on demand instead
 * of copied per step. The loop's history only grows and a sent message never changes
 * (`loop/seal-history.ts`), so the prefix read later is what was there when the field was made.
 *
 * The field is an own enumerable accessor: JSON, spreads, `Object.keys` and `structuredClone` see it
 * like a plain field. An object literal with a `get` makes a new getter function and object shape
 * each time, which V8 builds in its slow runtime path (about a microsecond); instead every object
 * gets the same accessor (one shared descriptor, so the objects share their shape), and each one's
 * history and count ride on it as private fields (`EventPrefix`, `RequestPrefix`): invisible to
 * keys, JSON, clones and deep equality, the object stays a plain object.
 *
 * Each read checks that the prefix still ends with the message it ended with when the field was made
 * (one identity check): a history cut or rewritten in place is a bug, an InternalError, never a
 * silently different list.
 *
 * - `defineEventMessages` (the `model-request` event): each read is a new copy, as before.
 * - `defineRequestMessages` (a `ModelRequest`): the first read copies once and every later read
 *   returns that same array; an assignment replaces it, as with a data field. Until then a model
 *   adapter may read the prefix without any copy (`readHistoryPrefix`, used by `toCallOptions`).
 */
import { InternalError } from '../errors/internal-error.ts';
import type { ModelMessage } from '../spec/model.ts';

/** Lets a subclass add private fields to an object it did not create (the constructor returns it). */
class Stamp {
  constructor(target: object) {
    return target;
  }
}

/**
 * Throws unless `history` still holds `last` as its `count`-th message (the prefix was neither cut
 * nor had its last message replaced).
 */
function checkPrefix(history: readonly ModelMessage[], count: number, last: ModelMessage | undefined): void {
  if (history.length < count || history[count - 1] !== last) {
    throw new InternalError('sent history', { message: 'A sent message was removed or replaced in the run history: the history may only grow.' });
  }
}

/*
 * Each kind of field stamps three private fields, no more: its object's first out-of-object
 * property store holds three, so a fourth would copy the store into a bigger one on every object.
 */

/** What an event's `messages` reads: a history and how many of its messages. */
class EventPrefix extends Stamp {
  readonly #history: readonly ModelMessage[];
  readonly #count: number;
  /** The prefix's last message when the field was made. */
  readonly #last: ModelMessage | undefined;

  constructor(target: object, history: readonly ModelMessage[], count: number) {
    super(target);
    this.#history = history;
    this.#count = count;
    this.#last = history[count - 1];
  }

  /** A new copy of the prefix (undefined for an object this class did not stamp). */
  static copy(target: object): ModelMessage[] | undefined {
    if (!(#history in target)) return undefined;
    const prefix = target as EventPrefix;
    checkPrefix(prefix.#history, prefix.#count, prefix.#last);
    return prefix.#history.slice(0, prefix.#count);
  }
}

/**
 * What a request's `messages` reads: a history, and how many of its messages until the field is
 * first read or assigned, then the array read or assigned (`#read`: a number, then an array).
 */
class RequestPrefix extends Stamp {
  readonly #history: readonly ModelMessage[];
  /** The prefix's last message when the field was made. */
  readonly #last: ModelMessage | undefined;
  #read: number | ModelMessage[];

  constructor(target: object, history: readonly ModelMessage[], count: number) {
    super(target);
    this.#history = history;
    this.#last = history[count - 1];
    this.#read = count;
  }

  /** The request's messages: copied on the first read, the same array after (or what was assigned). */
  static messages(target: object): ModelMessage[] | undefined {
    if (!(#history in target)) return undefined;
    const prefix = target as RequestPrefix;
    const read = prefix.#read;
    if (typeof read !== 'number') return read;
    checkPrefix(prefix.#history, read, prefix.#last);
    return (prefix.#read = prefix.#history.slice(0, read));
  }

  static assign(target: object, messages: ModelMessage[]): void {
    if (#history in target) (target as RequestPrefix).#read = messages;
  }

  /**
   * `read(history, count, argument)` over the uncopied prefix while the field was neither read nor
   * assigned; undefined otherwise, or for an object this class did not stamp.
   */
  static read<A, R>(target: object, read: (history: readonly ModelMessage[], count: number, argument: A) => R, argument: A): R | undefined {
    if (!(#history in target)) return undefined;
    const prefix = target as RequestPrefix;
    return typeof prefix.#read === 'number' ? read(prefix.#history, prefix.#read, argument) : undefined;
  }
}

const eventMessages: PropertyDescriptor = {
  get(this: object) {
    return EventPrefix.copy(this);
  },
  enumerable: true,
  configurable: true,
};

const requestMessages: PropertyDescriptor = {
  get(this: object) {
    return RequestPrefix.messages(this);
  },
  set(this: object, messages: ModelMessage[]) {
    RequestPrefix.assign(this, messages);
  },
  enumerable: true,
  configurable: true,
};

/** Adds `messages` to `target`: a new copy of `history`'s first `count` messages on each read. */
export function defineEventMessages<T extends object>(target: T, history: readonly ModelMessage[], count: number): T & { readonly messages: ModelMessage[] } {
  Object.defineProperty(target, 'messages', eventMessages);
  new EventPrefix(target, history, count);
  return target as T & { readonly messages: ModelMessage[] };
}

/** Adds `messages` to `target`: `history`'s first `count` messages, copied once when first read. */
export function defineRequestMessages<T extends object>(target: T, history: readonly ModelMessage[], count: number): T & { messages: ModelMessage[] } {
  Object.defineProperty(target, 'messages', requestMessages);
  new RequestPrefix(target, history, count);
  return target as T & { messages: ModelMessage[] };
}

/**
 * The history and count behind a request's `messages` while nobody has read or replaced them, so
 * an adapter can convert the prefix without copying it; undefined for any other request (read its
 * `messages` then).
 */
export function historyPrefix(request: object): { history: readonly ModelMessage[]; count: number } | undefined {
  return RequestPrefix.read(request, (history, count) => ({ history, count }), undefined);
}

/**
 * `read(history, count, argument)` over a request's uncopied prefix (as `historyPrefix` gives it),
 * with no object made per call; undefined for any other request.
 */
export function readHistoryPrefix<A, R>(request: object, read: (history: readonly ModelMessage[], count: number, argument: A) => R, argument: A): R | undefined {
  return RequestPrefix.read(request, read, argument);
}
