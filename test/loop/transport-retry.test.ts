/**
 * A streamed turn cut in transport before a decision was accepted is streamed again (discarding the
 * partial text) after a backoff, at most `maxTransportRetries` times, with a `model-retry` event.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { transportMaxDelayMs, transportRetryDelay } from '../../src/loop/transport-retry.ts';
import type { Model, ModelRequest, ModelStreamPart } from '../../src/spec/model.ts';
import { MemoryStore } from '../../src/sessions/memory-store.ts';
import { ScriptedModel } from '../../src/testing/scripted-model.ts';
import { addTool, answer, call, collect, ofType, turn } from './helpers.ts';

const cut = (fields: Partial<ConstructorParameters<typeof ModelCallError>[1]> = {}) =>
  new ModelCallError('The stream was cut: ECONNRESET', { provider: 'scripted', modelId: 'scripted', isRetryable: true, retryAfterMs: 1, ...fields });

/**
 * The scripted model, with the first `failures.length` streams failing after `afterChunks` text
 * chunks with the given errors. Each failed stream still uses one script step.
 */
function cutting(model: ScriptedModel, afterChunks: number, failures: unknown[]): Model {
  const pending = [...failures];
  return {
    provider: model.provider,
    modelId: model.modelId,
    supportsTools: model.supportsTools,
    generate: (request) => model.generate(request),
    async *stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
      const failure = pending.shift();
      let chunks = 0;
      for await (const part of model.stream(request)) {
        if (failure !== undefined && part.type === 'text-delta' && chunks++ === afterChunks) throw failure;
        yield part;
      }
    },
  };
}

const decision = turn('json', [call('add', { a: 2, b: 3 })], [addTool.spec]) as string;
const final = turn('json', [answer('5')]) as string;

describe('transport retries of a streamed turn', () => {
  it('discards the partial text, emits model-retry and streams the turn again', async () => {
    const error = cut();
    const scripted = new ScriptedModel([decision, decision, final], { chunkSize: 4 });
    const { events, result } = await collect(createAgent({ model: cutting(scripted, 3, [error]), tools: [addTool], protocol: 'json' }).run('2+3?'));

    expect(result.status).toBe('answered');
    expect(result.answer).toBe('5');
    expect(ofType(events, 'model-retry')).toEqual([expect.objectContaining({ step: 1, attempt: 1, error, delayMs: 1 })]);
    // one request for the turn (the retry is not a new attempt at valid output), the same request streamed twice
    expect(ofType(events, 'model-request').filter((event) => event.step === 1)).toHaveLength(1);
    expect(scripted.calls[1]).toEqual(scripted.calls[0]);
    // the cut text is not in the history: the assistant turn is exactly the decision
    expect(result.transcript[1]).toEqual({ role: 'assistant', content: decision });
    expect(ofType(events, 'model-response')[0]?.text).toBe(decision);
    // partial deltas came before the retry event, the full text after it
    const types = events.filter((event) => event.step === 1).map((event) => event.type);
    expect(types.indexOf('model-retry')).toBeGreaterThan(types.indexOf('decision-delta'));
    expect(ofType(events, 'tool-call')).toHaveLength(1);
    expect(result.usageEstimated).toBe(true);
  });

  it('works with a store: the retry is recorded and the run is kept whole', async () => {
    const store = new MemoryStore();
    const scripted = new ScriptedModel([decision, decision, final], { chunkSize: 4 });
    const { result } = await collect(createAgent({ model: cutting(scripted, 2, [cut()]), tools: [addTool], protocol: 'json', store }).run('2+3?'));
    expect(result.status).toBe('answered');
    const stored = await store.loadRun(result.runId);
    const retry = stored.records.find((record) => record.type === 'model-retry');
    expect(retry).toMatchObject({ step: 1, attempt: 1, delayMs: 1 });
    expect(stored.records.filter((record) => record.type === 'model-response').map((record) => record.type === 'model-response' && record.text)).toEqual([decision, final]);
  });

  it('gives up after maxTransportRetries and ends the run with the typed error', async () => {
    const errors = [cut(), cut(), cut()];
    const scripted = new ScriptedModel([decision, decision, decision, final], { chunkSize: 4 });
    const agent = createAgent({ model: cutting(scripted, 1, errors), tools: [addTool], protocol: 'json', maxTransportRetries: 2 });
    const { events, result } = await collect(agent.run('2+3?'));
    expect(result.status).toBe('failed');
    expect(result.error).toBe(errors[2]);
    expect(ofType(events, 'model-retry').map((event) => event.attempt)).toEqual([1, 2]);
    expect(scripted.calls).toHaveLength(3);
  });

  it('maxTransportRetries 0 turns the retries off', async () => {
    const error = cut();
    const scripted = new ScriptedModel([decision, final], { chunkSize: 4 });
    const { events, result } = await collect(
      createAgent({ model: cutting(scripted, 1, [error]), tools: [addTool], protocol: 'json', maxTransportRetries: 0 }).run('q'),
    );
    expect(result.error).toBe(error);
    expect(ofType(events, 'model-retry')).toHaveLength(0);
  });

  it('a non-retryable failure or any other throw ends the run at once', async () => {
    const fatal = cut({ isRetryable: false, statusCode: 401 });
    const scripted = new ScriptedModel([decision, final], { chunkSize: 4 });
    const first = await collect(createAgent({ model: cutting(scripted, 1, [fatal]), tools: [addTool], protocol: 'json' }).run('q'));
    expect(first.result.error).toBe(fatal);
    expect(ofType(first.events, 'model-retry')).toHaveLength(0);

    const userFault = new ConfigError('no API key');
    const other = new ScriptedModel([decision, final], { chunkSize: 4 });
    const second = await collect(createAgent({ model: cutting(other, 1, [userFault]), tools: [addTool], protocol: 'json' }).run('q'));
    expect(second.result.error).toBe(userFault);
    expect(other.calls).toHaveLength(1);
  });

  it('does not retry again what a wrapper such as withRetry already retried', async () => {
    const exhausted = cut().withAttempts(4);
    const scripted = new ScriptedModel([decision, final], { chunkSize: 4 });
    const { result } = await collect(createAgent({ model: cutting(scripted, 0, [exhausted]), tools: [addTool], protocol: 'json' }).run('q'));
    expect(result.error).toBe(exhausted);
    expect(scripted.calls).toHaveLength(1);
  });

  it('without Retry-After waits an exponential backoff with jitter', async () => {
    const scripted = new ScriptedModel([decision, decision, final], { chunkSize: 4 });
    const model = cutting(scripted, 1, [cut({ retryAfterMs: undefined })]);
    const { events, result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json' }).run('q'));
    expect(result.status).toBe('answered');
    const delay = ofType(events, 'model-retry')[0]?.delayMs ?? -1;
    expect(delay).toBeGreaterThanOrEqual(250);
    expect(delay).toBeLessThanOrEqual(500);
  });

  it('cancelling during the backoff ends the run cancelled without waiting it out', async () => {
    const controller = new AbortController();
    const scripted = new ScriptedModel([decision, final], { chunkSize: 4 });
    const model = cutting(scripted, 1, [cut({ retryAfterMs: 20_000 })]);
    const run = createAgent({ model, tools: [addTool], protocol: 'json' }).run('q', { signal: controller.signal });
    for await (const event of run) if (event.type === 'model-retry') controller.abort();
    const result = await run.result;
    expect(result.status).toBe('cancelled');
    expect(scripted.calls).toHaveLength(1);
  });

  it('the generate path is not retried by the loop (that is the model wrapper’s job)', async () => {
    const error = cut();
    const scripted = new ScriptedModel([decision, final]);
    const model: Model = { ...cutting(scripted, 0, []), generate: () => Promise.reject(error) };
    const { result } = await collect(createAgent({ model, tools: [addTool], protocol: 'json', stream: false }).run('q'));
    expect(result.error).toBe(error);
  });
});

describe('transportRetryDelay', () => {
  const half = () => 0;
  it('doubles the base delay each retry, honours Retry-After, and stops at the bounds', () => {
    expect(transportRetryDelay(cut({ retryAfterMs: undefined }), 1, 3, half)).toBe(250);
    expect(transportRetryDelay(cut({ retryAfterMs: undefined }), 2, 3, half)).toBe(500);
    expect(transportRetryDelay(cut({ retryAfterMs: undefined }), 3, 3, () => 0.999_999)).toBe(2000);
    expect(transportRetryDelay(cut({ retryAfterMs: 1234 }), 1, 3)).toBe(1234);
    expect(transportRetryDelay(cut(), 4, 3)).toBeUndefined();
    expect(transportRetryDelay(cut({ retryAfterMs: transportMaxDelayMs + 1 }), 1, 3)).toBeUndefined();
    expect(transportRetryDelay(cut({ isRetryable: false }), 1, 3)).toBeUndefined();
  });
});

describe('maxTransportRetries option', () => {
  it('must be a number >= 0', () => {
    expect(() => createAgent({ model: new ScriptedModel([]), maxTransportRetries: -1 })).toThrow(ConfigError);
  });
});
