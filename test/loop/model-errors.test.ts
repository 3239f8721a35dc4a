import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/errors/config-error.ts';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { collect, ofType } from './helpers.ts';

describe('model failures', () => {
  it('a transport error is not retried by the loop: the run fails with that error', async () => {
    const failure = new ModelCallError('HTTP 503', { provider: 'openai', modelId: 'x', statusCode: 503, isRetryable: true });
    const model = new MockModel(() => Promise.reject(failure));
    const { events, result } = await collect(createAgent({ model, protocol: 'json' }).run('q'));
    expect(result.status).toBe('failed');
    expect(result.error).toBe(failure);
    expect(model.calls).toHaveLength(1);
    expect(ofType(events, 'run-end')[0]?.error).toBe(failure);
  });

  it('a user-fault ReinsError ends the run as it is', async () => {
    const failure = new ConfigError('no API key', { hint: 'set OPENAI_API_KEY' });
    const model = new MockModel(() => Promise.reject(failure));
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('q'));
    expect(result.error).toBe(failure);
    expect(model.calls).toHaveLength(1);
  });

  it('any other throw becomes a non-retryable ModelCallError with the cause', async () => {
    const cause = new TypeError('socket hang up');
    const model = new MockModel(() => Promise.reject(cause));
    const { result } = await collect(createAgent({ model, protocol: 'json' }).run('q'));
    expect(ModelCallError.isInstance(result.error)).toBe(true);
    expect(result.error).toMatchObject({ provider: 'mock', isRetryable: false, cause });
  });
});
