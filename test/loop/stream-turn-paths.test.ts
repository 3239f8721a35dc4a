/**
 * The streamed turn's cheaper paths keep what they replace: the attempt's request is the spread
 * `{ ...request, signal }` (same fields, order, values) with the loop's history prefix left unread,
 * and the usage estimate read from the prefix equals the one read from a copy. (A turn's first
 * attempt settling as the turn, retries included: `transport-retry.test.ts`, `streaming.test.ts`.)
 */
import { describe, expect, it } from 'vitest';
import { attemptRequest } from '../../src/loop/attempt-request.ts';
import { estimateUsage } from '../../src/loop/estimate-usage.ts';
import { defineRequestMessages, historyPrefix } from '../../src/models/history-prefix.ts';
import type { ModelMessage, ModelRequest } from '../../src/spec/model.ts';

const message = (index: number): ModelMessage =>
  index % 3 === 0 ? { role: 'user', content: `u${'x'.repeat(index)}` } : index % 3 === 1 ? { role: 'assistant', content: `a${index}` } : { role: 'tool', toolCallId: `c${index}`, toolName: 't', content: 'r'.repeat(index * 7) };

const symbol = Symbol('extra');

/** Requests as the loop builds them (a prefix), with optional fields set in varying orders. */
function requests(): Array<{ request: ModelRequest; history: ModelMessage[]; count: number }> {
  const all = [];
  const optional: Array<[string | symbol, unknown]> = [
    ['temperature', 0.2],
    ['maxTokens', 99],
    ['tools', [{ name: 't', description: 'd', inputSchema: {} }]],
    ['toolChoice', 'auto'],
    ['constraint', { pattern: { kind: 'literal', text: 'x' } }],
    [symbol, 'sym'],
  ];
  for (let mask = 0; mask < 2 ** optional.length; mask++) {
    for (const length of [0, 1, 5]) {
      const history = Array.from({ length: length + 2 }, (_, index) => message(index));
      const base: Record<PropertyKey, unknown> = mask & 1 ? { maxTokens: 1 } : {};
      base.system = mask & 2 ? 'S' : undefined;
      const request = defineRequestMessages(base, history, length) as unknown as Record<PropertyKey, unknown>;
      request.signal = new AbortController().signal;
      optional.forEach(([key, value], bit) => {
        if (mask & (1 << bit)) request[key] = value;
      });
      all.push({ request: request as unknown as ModelRequest, history, count: length });
    }
  }
  return all;
}

describe('attemptRequest', () => {
  it('equals the spread with the new signal (keys in order, values, symbols) and keeps the prefix unread', () => {
    const signal = new AbortController().signal;
    for (const { request, history, count } of requests()) {
      const made = attemptRequest(request, signal);
      expect(historyPrefix(made)).toEqual({ history, count });
      expect(historyPrefix(request)).toEqual({ history, count }); // the turn's request was not read either
      const spread = { ...request, signal };
      expect(Reflect.ownKeys(made)).toEqual(Reflect.ownKeys(spread));
      for (const key of Reflect.ownKeys(spread)) expect((made as unknown as Record<PropertyKey, unknown>)[key]).toStrictEqual((spread as unknown as Record<PropertyKey, unknown>)[key]);
      expect(made.signal).toBe(signal);
      expect(made.messages).toEqual(history.slice(0, count));
      expect(made.messages).toBe(made.messages); // read once, then the same array (as a data field)
    }
  });

  it('is the plain spread for a request without a prefix (or with its messages already read)', () => {
    const signal = new AbortController().signal;
    const plain = { system: 's', messages: [message(0)], temperature: 1 } as ModelRequest;
    expect(attemptRequest(plain, signal)).toStrictEqual({ ...plain, signal });
    const read = defineRequestMessages({ system: 's' }, [message(0)], 1) as ModelRequest;
    void read.messages;
    const made = attemptRequest(read, signal);
    expect(Object.getOwnPropertyDescriptor(made, 'messages')?.value).toBe(read.messages);
  });
});

describe('estimateUsage', () => {
  it('reads the prefix as it reads a copy of it, without copying', () => {
    for (const { request, history, count } of requests()) {
      for (const text of ['', 'abc', 'x'.repeat(41)]) {
        const copied = { system: request.system, messages: history.slice(0, count) } as ModelRequest;
        expect(estimateUsage(request, text)).toEqual(estimateUsage(copied, text));
      }
      expect(historyPrefix(request)).toEqual({ history, count });
    }
  });
});
