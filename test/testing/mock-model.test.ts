import { describe, expect, it } from 'vitest';
import { ScriptExhaustedError } from '../../src/errors/script-exhausted-error.ts';
import { MockModel } from '../../src/testing/mock-model.ts';

const request = { messages: [{ role: 'user' as const, content: 'hi' }] };

describe('MockModel', () => {
  it('returns one value for every call', async () => {
    const model = new MockModel('same');
    expect((await model.generate(request)).text).toBe('same');
    expect((await model.generate(request)).text).toBe('same');
    expect(model.calls).toHaveLength(2);
  });

  it('returns one array entry per call and throws past the end', async () => {
    const model = new MockModel(['one', { text: 'two', usage: { inputTokens: 1, outputTokens: 2 } }]);
    expect((await model.generate(request)).text).toBe('one');
    expect(await model.generate(request)).toMatchObject({ text: 'two', usage: { inputTokens: 1, outputTokens: 2 }, finishReason: 'stop' });
    await expect(model.generate(request)).rejects.toSatisfy(ScriptExhaustedError.isInstance);
  });

  it('calls a function with the request and the call index', async () => {
    const model = new MockModel((req, call) => ({ toolCalls: [{ id: `c${call}`, name: 'echo', arguments: { text: req.messages[0]?.content } }] }), {
      supportsTools: true,
    });
    expect(await model.generate(request)).toMatchObject({ finishReason: 'tool-calls', toolCalls: [{ id: 'c0', arguments: { text: 'hi' } }] });
    expect(model.supportsTools).toBe(true);
    expect('stream' in model).toBe(false);
  });
});
