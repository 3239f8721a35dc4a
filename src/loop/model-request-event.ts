/**
 * The `model-request` event of a turn, holding no copy of the history: its `messages` are read on
 * demand as the first `count` messages of the run's history. The history only grows and its sent
 * messages never change (`seal-history.ts`), so that read always equals what the model was sent,
 * however late it happens; a run whose events nobody keeps pays nothing per step for the prompt,
 * and a consumer (the store, `reins show`) gets the exact list when it reads it.
 *
 * `messages` is an own enumerable accessor (JSON, spreads and `Object.keys` see it like a field).
 * An object literal with a `get` makes a new getter function and a new object shape per event,
 * which V8 builds in its slow runtime path (about a microsecond a turn). Instead every event gets
 * the same getter (one shared descriptor, so events share their shape), and each event's history
 * and count ride on the event as private fields (`SentPrefix`): invisible to keys, JSON,
 * `structuredClone` and deep equality, and the event stays a plain object.
 */
import type { ModelMessage } from '../spec/model.ts';
import type { EventBody } from './run-state.ts';

/** Lets a subclass add private fields to an object it did not create (the constructor returns it). */
class Stamp {
  constructor(target: object) {
    return target;
  }
}

/** The history an event reads its messages from, and how many of them were sent. */
class SentPrefix extends Stamp {
  readonly #history: readonly ModelMessage[];
  readonly #count: number;

  constructor(target: object, history: readonly ModelMessage[], count: number) {
    super(target);
    this.#history = history;
    this.#count = count;
  }

  /** The sent messages of an event made by `modelRequestEvent`; undefined for any other object. */
  static read(target: object): ModelMessage[] | undefined {
    return #history in target ? (target as SentPrefix).#history.slice(0, (target as SentPrefix).#count) : undefined;
  }
}

const messagesAccessor: PropertyDescriptor = {
  get(this: object): ModelMessage[] | undefined {
    return SentPrefix.read(this);
  },
  enumerable: true,
  configurable: true,
};

export function modelRequestEvent(attempt: number, system: string, history: readonly ModelMessage[], count: number): EventBody {
  const event = { type: 'model-request', attempt, system };
  Object.defineProperty(event, 'messages', messagesAccessor);
  new SentPrefix(event, history, count);
  return event as EventBody;
}
