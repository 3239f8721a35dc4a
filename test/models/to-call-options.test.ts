/**
 * `toCallOptions` converts each sent (frozen) history message to the provider format once: a later
 * request reuses the same provider message; a message that is not frozen is converted every time.
 */
import { describe, expect, it } from 'vitest';
import { toCallOptions } from '../../src/models/to-call-options.ts';
import type { ModelMessage } from '../../src/spec/model.ts';

const frozen = (message: ModelMessage): ModelMessage => Object.freeze(message);

describe('toCallOptions', () => {
  it('reuses the provider message of a frozen history message on later requests', () => {
    const history: ModelMessage[] = [
      frozen({ role: 'user', content: 'q' }),
      frozen({ role: 'assistant', content: '', toolCalls: Object.freeze([Object.freeze({ id: 'c1', name: 'add', arguments: { a: 1 } })]) as never }),
      frozen({ role: 'tool', toolCallId: 'c1', toolName: 'add', content: '2' }),
    ];
    const first = toCallOptions({ system: 'S', messages: history.slice(0, 1) }).prompt;
    const second = toCallOptions({ system: 'S', messages: history }).prompt;
    expect(second[1]).toBe(first[1]);
    expect(second.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'add', input: { a: 1 } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'add', output: { type: 'text', value: '2' } }] },
    ]);
  });

  it('gives each call its own prompt list: a list a caller keeps or changes is not the next call\'s', () => {
    const question = frozen({ role: 'user', content: 'q' });
    const first = toCallOptions({ system: 'S', messages: [question] }).prompt;
    first.push({ role: 'user', content: [{ type: 'text', text: 'added by the caller' }] });
    const second = toCallOptions({ system: 'S', messages: [question, frozen({ role: 'assistant', content: 'a' })] }).prompt;
    expect(second.map((message) => message.role)).toEqual(['system', 'user', 'assistant']);
    expect(first).toHaveLength(3);
    const third = toCallOptions({ messages: [question] }).prompt;
    expect(third).toEqual([{ role: 'user', content: [{ type: 'text', text: 'q' }] }]);
  });

  it('converts a message that is not frozen on every request (it may change between them)', () => {
    const message: ModelMessage = { role: 'user', content: 'before' };
    const first = toCallOptions({ messages: [message] }).prompt[0];
    (message as { content: string }).content = 'after';
    const second = toCallOptions({ messages: [message] }).prompt[0];
    expect(second).not.toBe(first);
    expect(second).toEqual({ role: 'user', content: [{ type: 'text', text: 'after' }] });
  });

  it('converts a history that diverges from the last one of the same conversation by its own messages', () => {
    const question = frozen({ role: 'user', content: 'q' });
    toCallOptions({ messages: [question, frozen({ role: 'assistant', content: 'one' }), frozen({ role: 'user', content: 'more' })] });
    const other = toCallOptions({ messages: [question, frozen({ role: 'assistant', content: 'two' })] }).prompt;
    expect(other).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'q' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'two' }] },
    ]);
  });
});
