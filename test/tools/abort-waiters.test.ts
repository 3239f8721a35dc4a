/**
 * `abortWaiters`: one abort listener per signal, whatever the number of waits; each waiter still
 * present when the signal aborts is called once, in order, with the signal's reason.
 */
import { describe, expect, it, vi } from 'vitest';
import { AbortWaiters, abortWaiters, ownedAbortWaiters, type AbortWaiter } from '../../src/tools/abort-waiters.ts';
import { seededRandom } from '../../src/testing/seeded-random.ts';

describe('abortWaiters', () => {
  it('calls the waiters still waiting, once each, in order, with the reason', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const first = (reason: unknown) => calls.push(`first ${String(reason)}`);
    const gone = (reason: unknown) => calls.push(`gone ${String(reason)}`);
    const last = (reason: unknown) => calls.push(`last ${String(reason)}`);
    abortWaiters(controller.signal).add(first);
    abortWaiters(controller.signal).add(gone);
    abortWaiters(controller.signal).add(last);
    abortWaiters(controller.signal).delete(gone);
    controller.abort('stop');
    controller.abort('again');
    expect(calls).toEqual(['first stop', 'last stop']);
    expect(abortWaiters(controller.signal).size).toBe(0);
  });

  it('calls an object waiter by its onAbort, in order among function waiters', () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const object = { onAbort: (reason: unknown) => calls.push(`object ${String(reason)}`) };
    abortWaiters(controller.signal).add((reason) => calls.push(`before ${String(reason)}`));
    abortWaiters(controller.signal).add(object);
    abortWaiters(controller.signal).add((reason) => calls.push(`after ${String(reason)}`));
    controller.abort('stop');
    expect(calls).toEqual(['before stop', 'object stop', 'after stop']);
  });

  it('adds one listener to a signal for any number of waits', () => {
    const controller = new AbortController();
    const listen = vi.spyOn(controller.signal, 'addEventListener');
    for (let wait = 0; wait < 5; wait++) {
      const waiter = () => undefined;
      abortWaiters(controller.signal).add(waiter);
      abortWaiters(controller.signal).delete(waiter);
    }
    expect(listen).toHaveBeenCalledTimes(1);
  });

  it('keeps the order and duplicates of a plain list over random adds, deletes and releases', () => {
    const random = seededRandom(7);
    const names = ['a', 'b', 'c', 'd'];
    for (let round = 0; round < 200; round++) {
      const waiters = new AbortWaiters();
      const model: string[] = [];
      const called: string[] = [];
      const expected: string[] = [];
      const byName = new Map<string, AbortWaiter>(names.map((name) => [name, (reason) => called.push(`${name}:${String(reason)}`)]));
      for (let op = 0; op < 30; op++) {
        const name = names[Math.floor(random() * names.length)] as string;
        const pick = random();
        if (pick < 0.5) {
          waiters.add(byName.get(name) as AbortWaiter);
          model.push(name);
        } else if (pick < 0.9) {
          waiters.delete(byName.get(name) as AbortWaiter);
          const at = model.lastIndexOf(name);
          if (at >= 0) model.splice(at, 1);
        } else {
          waiters.release(op);
          expected.push(...model.map((waiting) => `${waiting}:${op}`));
          model.length = 0;
        }
        expect(waiters.size).toBe(model.length);
      }
      expect(called).toEqual(expected);
    }
  });

  it('adds no listener to a signal whose owner releases its waiters', () => {
    const controller = new AbortController();
    const listen = vi.spyOn(controller.signal, 'addEventListener');
    const owned = ownedAbortWaiters(controller.signal);
    expect(abortWaiters(controller.signal)).toBe(owned);
    expect(listen).not.toHaveBeenCalled();
    expect(() => ownedAbortWaiters(controller.signal)).toThrow(/already has waiters/);
  });

  it('keeps owned waiters per signal: each owner its own, other signals listener-backed as before', () => {
    const [first, second, other] = [new AbortController(), new AbortController(), new AbortController()];
    const ownedFirst = ownedAbortWaiters(first.signal);
    const ownedSecond = ownedAbortWaiters(second.signal);
    expect(ownedFirst).not.toBe(ownedSecond);
    expect([abortWaiters(first.signal), abortWaiters(second.signal)]).toEqual([ownedFirst, ownedSecond]);
    const listen = vi.spyOn(other.signal, 'addEventListener');
    const shared = abortWaiters(other.signal);
    expect([shared === ownedFirst, shared === ownedSecond, listen.mock.calls.length]).toEqual([false, false, 1]);
    expect(abortWaiters(other.signal)).toBe(shared);
    expect(() => ownedAbortWaiters(other.signal)).toThrow(/already has waiters/);
  });
});
