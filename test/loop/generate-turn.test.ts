/**
 * `generateTurn` folds `untilAborted(generate)`, the response's mapping and `modelFailure` into one
 * promise. It must settle exactly as that chain does in every case: an answer, a rejection (plain
 * or a ReinsError), a synchronous throw, an abort before, during (a model that never answers) or
 * by the model itself, and a response that cannot be read.
 */
import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { modelFailure } from '../../src/loop/model-failure.ts';
import { generateTurn, type ReplyTarget } from '../../src/loop/model-turn.ts';
import type { RawTurn } from '../../src/loop/raw-turn.ts';
import { untilAborted } from '../../src/loop/until-aborted.ts';
import type { Model, ModelRequest, ModelResponse } from '../../src/spec/model.ts';

type Generate = (request: ModelRequest, controller: AbortController) => Promise<ModelResponse>;

const response: ModelResponse = { text: 'hi', toolCalls: [], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 2 }, modelId: 'm' };

/** A target that receives the reply as it is. */
const asTarget = (context: { signal: AbortSignal; model: Model }): ReplyTarget<RawTurn> => ({ context, receive: (raw) => raw });

/** The chain `generateTurn` replaces. */
function reference(context: { signal: AbortSignal; model: Model }, request: ModelRequest): Promise<RawTurn> {
  return untilAborted(() => context.model.generate(request), context.signal).then(
    (given) => ({ text: given.text, toolCalls: given.toolCalls, usage: given.usage, modelId: given.modelId, finishReason: given.finishReason }),
    (error: unknown) => {
      throw modelFailure(context, error);
    },
  );
}

/** How a call settled, comparable across the two ways (errors by class, message and cause). */
async function outcome(run: (context: { signal: AbortSignal; model: Model }) => Promise<RawTurn>, generate: Generate, abortAfterMs?: number): Promise<unknown> {
  const controller = new AbortController();
  const model: Model = { provider: 'p', modelId: 'm', supportsTools: true, generate: (request) => generate(request, controller) };
  if (abortAfterMs !== undefined) setTimeout(() => controller.abort(new Error('stopped')), abortAfterMs);
  try {
    return { value: await run({ signal: controller.signal, model }) };
  } catch (error) {
    const { name, message, cause } = error as Error;
    return { error: { name, message, cause: cause instanceof Error ? cause.message : cause, modelCall: ModelCallError.isInstance(error) } };
  }
}

const cases: Array<[string, Generate, number?]> = [
  ['an answer', async () => response],
  ['a plain rejection', async () => Promise.reject(new Error('boom'))],
  ['a ReinsError', async () => Promise.reject(new ModelCallError('rate limited', { provider: 'p', modelId: 'm', isRetryable: true }))],
  ['a synchronous throw', () => {
    throw new Error('sync');
  }],
  ['a thrown string', async () => Promise.reject('text')],
  ['an abort while the model never answers', () => new Promise(() => undefined), 5],
  ['an abort by the model itself', (_request, controller) => {
    controller.abort(new Error('self'));
    return Promise.resolve(response);
  }],
  ['a response that cannot be read', async () => null as unknown as ModelResponse],
];

describe('generateTurn', () => {
  it.each(cases)('settles as the untilAborted chain on %s', async (_name, generate, abortAfterMs) => {
    const request: ModelRequest = { messages: [{ role: 'user', content: 'q' }] };
    expect(await outcome((context) => generateTurn(asTarget(context), request), generate, abortAfterMs)).toEqual(
      await outcome((context) => reference(context, request), generate, abortAfterMs),
    );
  });

  it('settles as the chain when the signal was aborted before the call', async () => {
    const aborted = (context: { signal: AbortSignal; model: Model }) => ({ ...context, signal: AbortSignal.abort(new Error('before')) });
    const request: ModelRequest = { messages: [] };
    expect(await outcome((context) => generateTurn(asTarget(aborted(context)), request), async () => response)).toEqual(
      await outcome((context) => reference(aborted(context), request), async () => response),
    );
  });
});
