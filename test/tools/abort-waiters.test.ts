/**
 * `abortWaiters`: one abort listener per signal, whatever the number of waits; each waiter still
 * present when the signal aborts is called once, in order, with the signal's reason.
 */
import { describe, expect, it, vi } from 'vitest';
import { abortWaiters } from '../../src/tools/abort-waiters.ts';

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
});
