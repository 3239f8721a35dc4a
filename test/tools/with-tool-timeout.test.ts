/**
 * `withToolTimeout` settles a synchronous result at once (no race set up for it), with the same
 * outcome as an asynchronous one: the value, the throw, or the caller's reason when the work itself
 * aborted the caller's signal before returning (its own signal aborted with that reason too).
 */
import { describe, expect, it } from 'vitest';
import { withToolTimeout } from '../../src/tools/with-tool-timeout.ts';

type Work = (signal: AbortSignal, caller: AbortController) => unknown;

async function outcome(work: Work, asynchronous: boolean): Promise<unknown> {
  const caller = new AbortController();
  let seen: AbortSignal | undefined;
  try {
    const value = await withToolTimeout(
      (signal) => {
        seen = signal;
        if (!asynchronous) return work(signal, caller);
        // The same work, answered as a promise.
        try {
          return Promise.resolve(work(signal, caller));
        } catch (error) {
          return Promise.reject(error);
        }
      },
      { toolName: 't', signal: caller.signal, timeoutMs: 1000 },
    );
    return { value, aborted: seen?.aborted };
  } catch (error) {
    return { error: (error as Error).message, aborted: seen?.aborted, reason: (seen?.reason as Error | undefined)?.message };
  }
}

const works: Array<[string, Work]> = [
  ['a value', () => 'ok'],
  ['undefined', () => undefined],
  ['an object', () => ({ content: [] })],
  ['the caller aborted by the work, then a value', (_signal, caller) => {
    caller.abort(new Error('stop'));
    return 'late';
  }],
];

describe('withToolTimeout', () => {
  it.each(works)('settles a synchronous result as an asynchronous one: %s', async (_name, work) => {
    expect(await outcome(work, false)).toEqual(await outcome(work, true));
  });

  it('leaves no unhandled rejection when the work aborts the caller, then returns a promise that rejects', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const caller = new AbortController();
      const call = withToolTimeout(
        () => {
          caller.abort(new Error('stop'));
          return Promise.reject(new Error('abandoned'));
        },
        { toolName: 't', signal: caller.signal, timeoutMs: 1000 },
      );
      await expect(call).rejects.toThrow('stop');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('maps the outcome once: the first of value, failure, timeout and cancellation', async () => {
    const mapped: string[] = [];
    const outcome = { value: (value: string) => (mapped.push(`value ${value}`), value), error: (error: unknown) => (mapped.push(`error ${(error as Error).message}`), error) };
    const caller = new AbortController();
    const call = withToolTimeout(() => new Promise<string>((resolve) => setTimeout(() => resolve('late'), 30)), { toolName: 't', signal: caller.signal, timeoutMs: 1000 }, outcome);
    caller.abort(new Error('cancelled'));
    await expect(call).rejects.toThrow('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mapped).toEqual(['error cancelled']);
    const timedOut = withToolTimeout((signal) => new Promise<string>((resolve) => signal.addEventListener('abort', () => resolve('after abort'))), { toolName: 't', timeoutMs: 5 }, outcome);
    await expect(timedOut).rejects.toThrow(/timed out|5 ?ms/);
    expect(mapped).toEqual(['error cancelled', expect.stringMatching(/^error /)]);
  });

  it('rejects with a synchronous throw of the work', async () => {
    await expect(withToolTimeout(() => {
      throw new Error('thrown');
    }, { toolName: 't', timeoutMs: 1000 })).rejects.toThrow('thrown');
  });
});
