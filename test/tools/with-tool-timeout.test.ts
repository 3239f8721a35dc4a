/**
 * `withToolTimeout`: the work's value, or whichever comes first of its failure, the caller's abort
 * (the caller's reason) and the deadline (ToolTimeoutError); the work's signal aborts in both
 * cases, and the call settles even when the work ignores it.
 */
import { describe, expect, it } from 'vitest';
import { ToolTimeoutError } from '../../src/errors/tool-timeout-error.ts';
import { withToolTimeout } from '../../src/tools/with-tool-timeout.ts';

const never = () => new Promise<string>(() => undefined);

describe('withToolTimeout', () => {
  it('gives the work its value, synchronous or not', async () => {
    expect(await withToolTimeout(() => 'now', { toolName: 't', timeoutMs: 1000 })).toBe('now');
    expect(await withToolTimeout(async () => 'later', { toolName: 't', timeoutMs: 1000 })).toBe('later');
  });

  it("rejects with the work's throw or rejection", async () => {
    const thrown = () => {
      throw new Error('thrown');
    };
    await expect(withToolTimeout(thrown, { toolName: 't', timeoutMs: 1000 })).rejects.toThrow('thrown');
    await expect(withToolTimeout(() => Promise.reject(new Error('rejected')), { toolName: 't' })).rejects.toThrow('rejected');
  });

  it('times out with ToolTimeoutError, aborting the work that ignores its signal', async () => {
    let seen: AbortSignal | undefined;
    const call = withToolTimeout((signal) => ((seen = signal), never()), { toolName: 'slow', timeoutMs: 10 });
    const error = await call.catch((failure: unknown) => failure);
    expect(ToolTimeoutError.isInstance(error)).toBe(true);
    expect((error as ToolTimeoutError).message).toMatch(/slow/);
    expect(seen?.aborted).toBe(true);
  });

  it("ends with the caller's reason when the caller aborts during the call, and never runs a call cancelled before it starts", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const call = withToolTimeout((signal) => ((seen = signal), never()), { toolName: 't', signal: caller.signal, timeoutMs: 1000 });
    caller.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow('cancelled');
    expect(seen?.aborted).toBe(true);
    let ran = false;
    await expect(withToolTimeout(() => (ran = true), { toolName: 't', signal: caller.signal })).rejects.toThrow('cancelled');
    expect(ran).toBe(false);
  });

  it('lets the abort win when the work aborts the caller itself, leaving no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const answer of [() => 'late', () => Promise.reject(new Error('abandoned'))]) {
        const caller = new AbortController();
        const work = () => {
          caller.abort(new Error('stop'));
          return answer();
        };
        await expect(withToolTimeout(work, { toolName: 't', signal: caller.signal, timeoutMs: 1000 })).rejects.toThrow('stop');
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('sets no deadline for 0, Infinity or none', async () => {
    for (const timeoutMs of [0, Infinity, undefined]) {
      let seen: AbortSignal | undefined;
      const value = await withToolTimeout(async (signal) => {
        seen = signal;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return 'done';
      }, { toolName: 't', timeoutMs });
      expect([value, seen?.aborted]).toEqual(['done', false]);
    }
  });
});
