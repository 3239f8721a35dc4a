/**
 * Tool-call timers are reused from call to call: a reused timer behaves as a new one (fires its own
 * call's expiry, a full delay after that call started, never an earlier call's), a parked one keeps
 * no process alive, a timer cancelled twice is parked once, and fake timers are honoured.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startToolTimer, type ToolTimer } from '../../src/tools/reused-timers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hasRef = (timer: ToolTimer) => (timer as unknown as { handle: { hasRef(): boolean } }).handle.hasRef();

afterEach(() => {
  vi.useRealTimers();
});

describe('reused tool timers', () => {
  it('fires a call that outlives its delay, and a reused timer only for its own call, a full delay after it started', async () => {
    const fired: string[] = [];
    const first = startToolTimer(40, () => fired.push('first'));
    first.cancel();
    expect(hasRef(first)).toBe(false);
    await sleep(20);
    const second = startToolTimer(40, () => fired.push('second'));
    expect(second).toBe(first);
    expect(hasRef(second)).toBe(true);
    await sleep(30); // 50 ms after the first call started, 30 after the second
    expect(fired).toEqual([]);
    await sleep(40);
    expect(fired).toEqual(['second']);
    second.cancel();
  });

  it('parks a timer once however often its call cancels it: concurrent calls never share one', async () => {
    const fired: string[] = [];
    const done = startToolTimer(25, () => fired.push('done'));
    done.cancel();
    done.cancel();
    const a = startToolTimer(25, () => fired.push('a'));
    const b = startToolTimer(25, () => fired.push('b'));
    expect(a).not.toBe(b);
    await sleep(60);
    expect(fired.sort()).toEqual(['a', 'b']);
    a.cancel();
    b.cancel();
    // A timer that fired is parked by its call's cancel and serves the next call.
    const c = startToolTimer(25, () => fired.push('c'));
    expect([a, b]).toContain(c);
    await sleep(60);
    expect(fired).toContain('c');
    c.cancel();
  });

  it('calls an object target by its onTimeout, new or reused', async () => {
    const fired: string[] = [];
    const first = startToolTimer(15, { onTimeout: () => fired.push('first') });
    await sleep(40);
    expect(fired).toEqual(['first']);
    first.cancel();
    const again = startToolTimer(15, { onTimeout: () => fired.push('again') });
    expect(again).toBe(first);
    await sleep(40);
    expect(fired).toEqual(['first', 'again']);
    again.cancel();
  });

  it('a parked timer that fires while parked does nothing and can serve a later call', async () => {
    const fired: string[] = [];
    const timer = startToolTimer(10, () => fired.push('old'));
    timer.cancel();
    await sleep(40);
    expect(fired).toEqual([]);
    const again = startToolTimer(10, () => fired.push('new'));
    expect(again).toBe(timer);
    await sleep(40);
    expect(fired).toEqual(['new']);
    again.cancel();
  });

  it('uses fake timers once they are installed', () => {
    vi.useFakeTimers();
    const fired: string[] = [];
    const timer = startToolTimer(1000, () => fired.push('fake'));
    vi.advanceTimersByTime(999);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['fake']);
    timer.cancel();
    const next = startToolTimer(1000, () => fired.push('reused'));
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['fake', 'reused']);
    next.cancel();
  });

  it('clears timers a runtime gives as numbers, and calls a function or an object target', async () => {
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const handles = new Map<number, ReturnType<typeof setTimeout>>();
    let nextId = 1;
    vi.stubGlobal('setTimeout', (callback: (...args: unknown[]) => void, ms: number, ...args: unknown[]) => {
      const id = nextId++;
      handles.set(id, realSet(callback, ms, ...args));
      return id;
    });
    vi.stubGlobal('clearTimeout', (id: number) => realClear(handles.get(id)));
    try {
      const fired: string[] = [];
      startToolTimer(10, () => fired.push('function'));
      startToolTimer(10, { onTimeout: () => fired.push('object') });
      startToolTimer(10, { onTimeout: () => fired.push('cancelled') }).cancel();
      await sleep(40);
      expect(fired.sort()).toEqual(['function', 'object']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
