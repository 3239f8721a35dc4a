import { describe, expect, it } from 'vitest';
import { ModelCallError } from '../../src/errors/model-call-error.ts';
import { recordFromEvent } from '../../src/sessions/run-records/record-from-event.ts';

describe('recordFromEvent', () => {
  it('stores a model-retry with its error as plain JSON that keeps the message', () => {
    const error = new ModelCallError('stream cut off', { provider: 'openai', modelId: 'gpt', isRetryable: true, statusCode: 502 });
    const record = recordFromEvent({ type: 'model-retry', runId: 'r', step: 2, attempt: 1, delayMs: 250, error });
    const stored = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
    expect(stored).toMatchObject({ type: 'model-retry', step: 2, attempt: 1, delayMs: 250 });
    expect(stored.error).toMatchObject({ name: 'Reins_ModelCallError', fault: 'transport', isRetryable: true, statusCode: 502 });
    expect((stored.error as { message: string }).message).toContain('stream cut off');
  });

  it('keeps no streaming deltas or progress', () => {
    expect(recordFromEvent({ type: 'decision-delta', runId: 'r', step: 1, text: 'x' })).toBeUndefined();
    expect(recordFromEvent({ type: 'tool-progress', runId: 'r', step: 1, callId: 'c', tool: 't', progress: { progress: 1 } })).toBeUndefined();
  });
});
