/**
 * EventStream (src/loop/event-stream.ts): events are kept for a consumer that starts iterating
 * before the event loop turns after the stream was made, and dropped for one that does not. The
 * turn is watched once per batch of streams made before it; each stream of a batch must behave as
 * if it watched the turn alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventStream } from '../../src/loop/event-stream.ts';

const turnOfEventLoop = () => new Promise((resolve) => setImmediate(resolve));

async function drain<T>(stream: EventStream<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const value of stream) seen.push(value);
  return seen;
}

describe('EventStream', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps every value for streams iterated in the tick they were made, and none for the others, however many share the tick', async () => {
    const streams = Array.from({ length: 40 }, () => new EventStream<number>());
    const read = streams.map((stream, index) => (index % 3 === 0 ? drain(stream) : undefined));
    streams.forEach((stream, index) => stream.push(index));
    await turnOfEventLoop();
    streams.forEach((stream, index) => stream.push(index + 100));
    streams.forEach((stream) => stream.close());
    for (const [index, stream] of streams.entries()) {
      const expected = index % 3 === 0 ? [index, index + 100] : [];
      expect([index, await (read[index] ?? drain(stream))]).toEqual([index, expected]);
    }
  });

  it('keeps values for a consumer that starts after awaits that do not let the event loop turn', async () => {
    const stream = new EventStream<string>();
    stream.push('first');
    for (let tick = 0; tick < 20; tick++) await Promise.resolve();
    const reading = drain(stream);
    stream.push('second');
    stream.close();
    expect(await reading).toEqual(['first', 'second']);
  });

  it('drops values pushed before the turn and after it for a stream nobody read, batch after batch', async () => {
    for (let batch = 0; batch < 3; batch++) {
      const stream = new EventStream<number>();
      stream.push(1);
      await turnOfEventLoop();
      stream.push(2);
      stream.close();
      expect(await drain(stream)).toEqual([]);
    }
  });

  it('sets one setImmediate for all the streams made before the event loop turns', async () => {
    const immediate = vi.spyOn(globalThis, 'setImmediate');
    const streams = Array.from({ length: 25 }, () => new EventStream<number>());
    expect(immediate).toHaveBeenCalledTimes(1);
    await turnOfEventLoop();
    immediate.mockClear();
    streams.push(new EventStream<number>());
    expect(immediate).toHaveBeenCalledTimes(1);
    await turnOfEventLoop();
    for (const stream of streams) stream.close();
  });
});
