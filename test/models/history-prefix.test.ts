/**
 * A request's `messages` as a prefix of the growing history (`history-prefix.ts`): read like a data
 * field (same array on every read, assignable, seen by JSON, spreads and clones), equal to what the
 * history held when the request was made however it grows later, and converted by `toCallOptions`
 * without a copy to exactly the prompt the copied list gives. A history cut or rewritten is an error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InternalError } from '../../src/errors/internal-error.ts';
import { defineEventMessages, defineRequestMessages, historyPrefix } from '../../src/models/history-prefix.ts';
import { toCallOptions } from '../../src/models/to-call-options.ts';
import type { ModelMessage, ModelRequest } from '../../src/spec/model.ts';

const user = (content: string): ModelMessage => Object.freeze({ role: 'user', content });

describe('history prefix', () => {
  it('reads like a data field: one array, assignable, seen by JSON, spreads and clones, fixed when made', () => {
    const history = [user('a'), user('b')];
    const request = defineRequestMessages({ system: 'S' }, history, 2) as ModelRequest;
    history.push(user('c'));
    expect(historyPrefix(request)).toEqual({ history, count: 2 });
    const read = request.messages;
    expect(read).toEqual([user('a'), user('b')]);
    expect(request.messages).toBe(read);
    expect(historyPrefix(request)).toBeUndefined();
    expect(JSON.parse(JSON.stringify(request))).toEqual({ system: 'S', messages: [{ role: 'user', content: 'a' }, { role: 'user', content: 'b' }] });
    expect({ ...request }.messages).toBe(read);
    expect(structuredClone(request).messages).toEqual(read);
    expect(Object.keys(request)).toEqual(['system', 'messages']);
    const replaced = [user('x')];
    request.messages = replaced;
    expect(request.messages).toBe(replaced);
  });

  it('an event copies on every read', () => {
    const history = [user('a')];
    const event = defineEventMessages({ type: 'model-request' }, history, 1);
    history.push(user('b'));
    expect(event.messages).toEqual([user('a')]);
    expect(event.messages).not.toBe(event.messages);
  });

  it('a history cut or rewritten under a prefix is an InternalError when read', () => {
    const history = [user('a'), user('b')];
    const request = defineRequestMessages({}, history, 2) as ModelRequest;
    history.length = 1;
    expect(() => request.messages).toThrow(InternalError);
    const other = [user('a'), user('b')];
    const event = defineEventMessages({}, other, 2);
    other[1] = user('changed');
    expect(() => event.messages).toThrow(InternalError);
  });

  it('toCallOptions converts the prefix to the same prompt as the copied list, step after step', () => {
    const message = fc.oneof(
      fc.string({ maxLength: 3 }).map((content): ModelMessage => ({ role: 'user', content })),
      fc.record({ content: fc.string({ maxLength: 3 }), calls: fc.array(fc.string({ minLength: 1, maxLength: 2 }), { maxLength: 2 }) }).map(
        ({ content, calls }): ModelMessage => ({ role: 'assistant', content, toolCalls: calls.map((id) => ({ id, name: 't', arguments: { id } })) }),
      ),
      fc.record({ id: fc.string({ maxLength: 2 }), content: fc.string({ maxLength: 3 }), isError: fc.boolean() }).map(
        ({ id, content, isError }): ModelMessage => ({ role: 'tool', toolCallId: id, toolName: 't', content, ...(isError ? { isError } : {}) }),
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.array(message, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), fc.option(fc.string({ maxLength: 2 })), (steps, system) => {
        const history: ModelMessage[] = [];
        const withSystem = system === null ? {} : { system };
        for (const added of steps) {
          for (const item of added) history.push(Object.freeze(item));
          const count = history.length;
          const request = defineRequestMessages({ ...withSystem }, history, count) as ModelRequest;
          // The history grows before the request is converted: only the prefix counts.
          history.push(Object.freeze({ role: 'user', content: 'later' }));
          const viewed = toCallOptions(request).prompt;
          const copied = toCallOptions({ ...withSystem, messages: history.slice(0, count).map((item) => ({ ...item })) }).prompt;
          expect(viewed).toEqual(copied);
        }
      }),
      { numRuns: 200 },
    );
  });
});
