import { describe, expect, it } from 'vitest';
import { ScriptExhaustedError } from '../../src/errors/script-exhausted-error.ts';
import { ScriptIncompleteError } from '../../src/errors/script-incomplete-error.ts';
import type { ModelStreamPart } from '../../src/spec/model.ts';
import { ScriptedModel, type ScriptedTurn } from '../../src/testing/scripted-model.ts';
import { splitChunks } from '../../src/testing/split-chunks.ts';

const request = (content: string) => ({ messages: [{ role: 'user' as const, content }] });

async function drain(parts: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const all: ModelStreamPart[] = [];
  for await (const part of parts) all.push(part);
  return all;
}

describe('ScriptedModel', () => {
  it('plays text, native and function steps in order and records every request', async () => {
    const model = new ScriptedModel([
      'first',
      { toolCalls: [{ name: 'add', arguments: { a: 1 } }] },
      (req, call) => `echo ${req.messages[0]?.content} #${call}`,
    ]);
    expect(model.supportsTools).toBe(true);
    expect((await model.generate(request('a'))).text).toBe('first');
    const second = await model.generate(request('b'));
    expect(second).toMatchObject({ text: '', finishReason: 'tool-calls', toolCalls: [{ id: 'call_2_1', name: 'add', arguments: { a: 1 } }] });
    expect((await model.generate(request('c'))).text).toBe('echo c #2');
    expect(model.calls.map((call) => call.messages[0]?.content)).toEqual(['a', 'b', 'c']);
    model.assertComplete();
  });

  it('throws ScriptExhaustedError past the end and assertComplete reports unused steps', async () => {
    const model = new ScriptedModel(['only', 'unused']);
    await model.generate(request('a'));
    expect(() => model.assertComplete()).toThrow(ScriptIncompleteError);
    await model.generate(request('b'));
    const error = await model.generate(request('c')).catch((caught: unknown) => caught);
    expect(ScriptExhaustedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ scriptLength: 2, call: 3 });
  });

  it('streams text in chunks of chunkSize, then tool calls, then finish', async () => {
    const model = new ScriptedModel([{ text: 'abcdefg', toolCalls: [{ id: 'x', name: 't', arguments: {} }], usage: { inputTokens: 3, outputTokens: 2 } }], {
      chunkSize: 3,
    });
    const parts = await drain(model.stream(request('q')));
    expect(parts).toEqual([
      { type: 'text-delta', text: 'abc' },
      { type: 'text-delta', text: 'def' },
      { type: 'text-delta', text: 'g' },
      { type: 'tool-call', toolCall: { id: 'x', name: 't', arguments: {} } },
      { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 2 }, modelId: 'scripted' },
    ]);
    expect(model.streams).toEqual([{ chunks: 3, totalChunks: 3, completed: true }]);
  });

  it('keeps no request and no stream record with recordCalls: false', async () => {
    const model = new ScriptedModel(['abcdefg'], { chunkSize: 3, recordCalls: false });
    const parts = await drain(model.stream(request('q')));
    expect(parts.filter((part) => part.type === 'text-delta')).toHaveLength(3);
    expect(model.calls).toEqual([]);
    expect(model.streams).toEqual([]);
    expect(model.remaining).toBe(0);
  });

  it('records how many chunks were pulled when the consumer stops early', async () => {
    const model = new ScriptedModel(['0123456789'], { chunkSize: 2 });
    for await (const part of model.stream(request('q'))) if (part.type === 'text-delta' && part.text === '23') break;
    expect(model.streams[0]).toEqual({ chunks: 2, totalChunks: 5, completed: false });
  });

  it('honours the request signal between delayed chunks', async () => {
    const model = new ScriptedModel(['0123456789'], { chunkSize: 2, delayMs: 5 });
    const controller = new AbortController();
    const pulled: string[] = [];
    const consume = async () => {
      for await (const part of model.stream({ ...request('q'), signal: controller.signal })) {
        if (part.type === 'text-delta') pulled.push(part.text);
        if (pulled.length === 1) controller.abort(new Error('enough'));
      }
    };
    await expect(consume()).rejects.toThrow('enough');
    expect(pulled).toEqual(['01']);
  });

  it('supportsTools defaults to false for text-only scripts and can be set', () => {
    expect(new ScriptedModel(['x']).supportsTools).toBe(false);
    expect(new ScriptedModel(['x'], { supportsTools: true }).supportsTools).toBe(true);
  });
});

describe('ScriptedModel streams like the generator it replaced', () => {
  it('serves next() calls made while one is pending in order', async () => {
    const model = new ScriptedModel([{ text: 'abcdef', toolCalls: [{ id: 'x', name: 't', arguments: {} }] }], { chunkSize: 2, delayMs: 2 });
    const parts = model.stream(request('q'))[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 7 }, () => parts.next()));
    expect(results.map((result) => (result.done ? 'done' : result.value.type === 'text-delta' ? result.value.text : result.value.type))).toEqual([
      'ab',
      'cd',
      'ef',
      'tool-call',
      'finish',
      'done',
      'done',
    ]);
    expect(model.streams).toEqual([{ chunks: 3, totalChunks: 3, completed: true }]);
  });

  it('fetches its turn on the first pull, not when stream() is called', async () => {
    const model = new ScriptedModel(['first', 'second']);
    const parts = model.stream(request('q'));
    expect(model.remaining).toBe(2);
    expect(await drain(parts)).toHaveLength(2);
    expect(model.remaining).toBe(1);
  });

  it('ends after return() and after a failure', async () => {
    const controller = new AbortController();
    const model = new ScriptedModel(['0123456789', '0123456789'], { chunkSize: 2, delayMs: 1 });
    const parts = model.stream({ ...request('q'), signal: controller.signal })[Symbol.asyncIterator]();
    await parts.next();
    expect(await parts.return?.(undefined)).toEqual({ done: true, value: undefined });
    expect(await parts.next()).toEqual({ done: true, value: undefined });
    const second = model.stream({ ...request('q'), signal: controller.signal })[Symbol.asyncIterator]();
    const pending = second.next();
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    expect(await second.next()).toEqual({ done: true, value: undefined });
    expect(model.streams.map((record) => record.chunks)).toEqual([1, 0]);
  });

  it('a script past its end rejects the first pull and ends the stream', async () => {
    const model = new ScriptedModel([]);
    const parts = model.stream(request('q'))[Symbol.asyncIterator]();
    await expect(parts.next()).rejects.toBeInstanceOf(ScriptExhaustedError);
    expect(await parts.next()).toEqual({ done: true, value: undefined });
  });
});

describe('splitChunks', () => {
  it('cuts any text into chunks of the size (the last may be shorter), and empty text into none', () => {
    for (let length = 0; length <= 40; length++) {
      const text = Array.from({ length }, (_, index) => String.fromCharCode(97 + (index % 26))).join('');
      for (const size of [1, 2, 3, 7, 40, 41]) {
        const chunks = splitChunks(text, size);
        expect(chunks.join('')).toBe(text);
        expect(chunks).toHaveLength(Math.ceil(length / size));
        expect(chunks.every((chunk, index) => chunk.length === (index < chunks.length - 1 ? size : length - size * (chunks.length - 1)))).toBe(true);
        expect(Object.keys(chunks)).toHaveLength(chunks.length); // no holes
      }
    }
  });
});

describe('ScriptedModel plays a step at once or later alike', () => {
  const steps: Array<string | ScriptedTurn> = ['0123456789', { text: 'abc', toolCalls: [{ name: 't', arguments: { a: 1 } }] }, { text: '', usage: { inputTokens: 1, outputTokens: 2 } }];
  const later = (step: string | ScriptedTurn) => () => Promise.resolve(step);

  it('streams the same parts and records for a plain step as for a function step resolved later', async () => {
    for (const delayMs of [0, 1]) {
      const now = new ScriptedModel([...steps], { chunkSize: 3, delayMs });
      const delayed = new ScriptedModel(steps.map(later), { chunkSize: 3, delayMs });
      for (let index = 0; index < steps.length; index++) {
        expect(await drain(now.stream(request(`q${index}`)))).toEqual(await drain(delayed.stream(request(`q${index}`))));
      }
      expect(now.streams).toEqual(delayed.streams);
      expect(now.calls).toEqual(delayed.calls);
      expect(await drain(now.stream(request('past'))).catch((error: unknown) => error)).toBeInstanceOf(ScriptExhaustedError);
      expect(await drain(delayed.stream(request('past'))).catch((error: unknown) => error)).toBeInstanceOf(ScriptExhaustedError);
    }
  });

  it('a step function that throws or rejects fails the first pull and ends the stream', async () => {
    const model = new ScriptedModel([
      () => {
        throw new Error('now');
      },
      () => Promise.reject(new Error('later')),
    ]);
    for (const message of ['now', 'later']) {
      const parts = model.stream(request('q'))[Symbol.asyncIterator]();
      await expect(parts.next()).rejects.toThrow(message);
      expect(await parts.next()).toEqual({ done: true, value: undefined });
    }
  });

  it('estimates usage from the system prompt and messages when the step gives none', async () => {
    const messages = [
      { role: 'user' as const, content: 'hello there' },
      { role: 'assistant' as const, content: 'x'.repeat(30) },
    ];
    const model = new ScriptedModel(['abcdefgh'], { recordCalls: false });
    const { usage } = await model.generate({ system: 'sys', messages });
    expect(usage).toEqual({ inputTokens: Math.ceil((3 + 11 + 30) / 4), outputTokens: 2 });
  });
});
