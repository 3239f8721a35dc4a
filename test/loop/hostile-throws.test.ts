/**
 * A model (or a wrapper around it) may throw anything: an object whose `toString` throws, a
 * getter that throws, a Proxy whose every property read throws, a symbol, null. Mapping it to the
 * run's typed error must never throw in turn: the run ends (failed, with a ModelCallError) on the
 * generate and the stream paths, and nothing is left as an unhandled rejection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { ExitCode, exitCodeForError } from '../../src/cli/exit-codes.ts';
import { asReinsError } from '../../src/loop/as-reins-error.ts';
import { toModelCallError } from '../../src/models/to-model-call-error.ts';
import { storedError } from '../../src/sessions/run-records/record-from-event.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import type { Model, ModelRequest, ModelStreamPart } from '../../src/spec/model.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { defineTool } from '../../src/tools/define-tool.ts';
import { collect } from './helpers.ts';

const throwing = (): never => {
  throw new Error('nested');
};

/** What a hostile callee throws, each made fresh. */
const hostileValues: Record<string, () => unknown> = {
  'an object whose toString throws': () => ({ toString: throwing }),
  'an object whose toString and valueOf throw': () => ({ toString: throwing, valueOf: throwing, [Symbol.toPrimitive]: throwing }),
  'an Error whose message getter throws': () => Object.defineProperty(new Error('x'), 'message', { get: throwing }),
  'a Proxy that throws on every read': () => new Proxy({}, { get: throwing, has: throwing, getPrototypeOf: throwing, ownKeys: throwing, getOwnPropertyDescriptor: throwing }),
  'a symbol': () => Symbol('boom'),
  null: () => null,
  'an object with a null prototype': () => Object.create(null) as object,
};

let unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Lets a rejection nobody handled be reported (Node reports them after the microtask queue drains). */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A streaming model whose stream throws `value` after one part. */
function streamThrowing(value: () => unknown): Model {
  return {
    provider: 'hostile',
    modelId: 'stream',
    supportsTools: false,
    generate: async () => {
      throw value();
    },
    stream: (_request: ModelRequest): AsyncIterable<ModelStreamPart> => ({
      [Symbol.asyncIterator]: () => {
        let sent = false;
        return {
          next: async () => {
            if (!sent) {
              sent = true;
              return { done: false, value: { type: 'text-delta', text: '{"action":' } as ModelStreamPart };
            }
            throw value();
          },
        };
      },
    }),
  };
}

describe.each(Object.entries(hostileValues))('a model that throws %s', (_label, value) => {
  it('generate path: the run fails with a ModelCallError, no unhandled rejection', async () => {
    const model = new MockModel(() => {
      throw value();
    });
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('q'));
    await settle();
    expect(result.status).toBe('failed');
    expect(ModelCallError.isInstance(result.error)).toBe(true);
    expect(typeof result.error?.message).toBe('string');
    expect(unhandled).toEqual([]);
  });

  it('generate path over ScriptedModel: the same', async () => {
    const model = new ScriptedModel([
      () => {
        throw value();
      },
    ]);
    const result = await createAgent({ model, protocol: 'xml', stream: false }).run('q').result;
    await settle();
    expect(result.status).toBe('failed');
    expect(ModelCallError.isInstance(result.error)).toBe(true);
    expect(unhandled).toEqual([]);
  });

  it('stream path: the run fails with a ModelCallError, no unhandled rejection', async () => {
    const { result } = await collect(createAgent({ model: streamThrowing(value), protocol: 'json', maxTransportRetries: 0 }).run('q'));
    await settle();
    expect(result.status).toBe('failed');
    expect(ModelCallError.isInstance(result.error)).toBe(true);
    expect(unhandled).toEqual([]);
  });

  it('a tool that throws it: the model is told the tool failed, the run goes on', async () => {
    const tool = defineTool({ name: 'boom', description: 'Fails.', input: { type: 'object' }, execute: () => { throw value(); } });
    const model = new ScriptedModel([
      JSON.stringify({ action: 'call_tool', tool: 'boom', args: {}, reason: 'try' }),
      JSON.stringify({ action: 'answer_user', answer: 'it failed' }),
    ]);
    const { events, result } = await collect(createAgent({ model, tools: [tool], protocol: 'json' }).run('q'));
    await settle();
    expect(result.status).toBe('answered');
    expect(events.filter((event) => event.type === 'tool-error')).toHaveLength(1);
    expect(unhandled).toEqual([]);
  });

  it('asReinsError, toModelCallError, storedError and the CLI exit code map it without throwing', () => {
    const error = asReinsError(value());
    expect(error.name).toBe('Reins_InternalError');
    expect(typeof error.message).toBe('string');
    const provider = toModelCallError(value(), { provider: 'openai', modelId: 'gpt' });
    expect(ModelCallError.isInstance(provider)).toBe(true);
    expect(storedError(value())).toMatchObject({ name: 'Error', message: expect.any(String) });
    expect(exitCodeForError(provider)).toBe(ExitCode.failed);
  });
});
