/** The parked-runs queue of the time slice: a ring buffer that must behave as `Array#push`/`Array#shift`. */
import { describe, expect, it } from 'vitest';
import { FifoQueue } from '../../src/loop/fifo-queue.ts';
import { seededRandom } from '../../src/testing/seeded-random.ts';

describe('FifoQueue', () => {
  it('gives the same items in the same order as an array used as a queue, over random pushes and shifts', () => {
    const random = seededRandom(13);
    for (let round = 0; round < 50; round++) {
      const queue = new FifoQueue<number>();
      const reference: number[] = [];
      const pushBias = 0.3 + random() * 0.4; // some rounds grow the queue past several resizes, some keep it short
      for (let operation = 0; operation < 400; operation++) {
        if (random() < pushBias) {
          queue.push(operation);
          reference.push(operation);
        } else expect(queue.shift()).toBe(reference.shift());
        expect(queue.size).toBe(reference.length);
      }
      while (reference.length > 0) expect(queue.shift()).toBe(reference.shift());
      expect(queue.shift()).toBeUndefined();
    }
  });
});
