/**
 * Makers of plain objects that are given their fields one by one (a model request, which gets its
 * `messages` accessor and the history stamps after `system`; a `model-request` event, stamped with
 * its run id and step when emitted). An object literal holds exactly its own fields: each field added
 * later goes to a separate property store, grown (copied) every three fields, about 130 bytes and
 * three allocations more per object, built in V8's slow path. An object made by a constructor keeps
 * room for the fields its first objects were given (V8's slack tracking), so later fields are
 * written in place.
 *
 * The constructor's prototype is `Object.prototype`, so what it makes is a plain object, as a literal
 * is: same prototype, `constructor` is `Object`, keys in the order they were written. Each maker is
 * its own constructor (one per kind of object, so each kind's room fits its own fields).
 */
export type PlainObjectMaker<T extends object> = new () => Partial<T>;

export function plainObjectMaker<T extends object>(): PlainObjectMaker<T> {
  // A function, not a class: a class's `prototype` cannot be replaced.
  function PlainObject(): void {}
  PlainObject.prototype = Object.prototype;
  return PlainObject as unknown as PlainObjectMaker<T>;
}
