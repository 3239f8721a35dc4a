/**
 * A runaway local model (issue 27): at temperature 0 the tiny GGUF writes `"` for ever, and with no
 * cap per turn one turn ran until llama.cpp crashed. Every model now gets a cap per turn: the
 * caller's `maxOutputTokens`, else the model's own default (`llama:` from its context size), else
 * 4 096; the llama adapter passes a cap on every call, and a reply cut at the cap is corrected, then
 * a typed failure, never a crash.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetriesExhaustedError } from '../../src/errors/retries-exhausted-error.ts';
import { createAgent } from '../../src/loop/create-agent.ts';
import { defaultPolicies } from '../../src/loop/policies.ts';
import { LlamaModel, llamaOutputCap } from '../../src/models/llama/llama-model.ts';
import { MockModel } from '../../src/testing/mock-model.ts';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';

describe('the cap per turn the loop sends', () => {
  it('is 4 096 for a model that declares none, the model default when it declares one, the option above both', async () => {
    const answer = JSON.stringify({ action: 'answer_user', answer: 'ok' });
    const plain = new MockModel(answer);
    await createAgent({ model: plain, protocol: 'json' }).run('q').result;
    expect(plain.calls[0]?.maxTokens).toBe(defaultPolicies.maxOutputTokens);
    expect(defaultPolicies.maxOutputTokens).toBe(4096);

    const local = Object.assign(new MockModel(answer), { defaultMaxOutputTokens: 300 });
    await createAgent({ model: local, protocol: 'json' }).run('q').result;
    expect(local.calls[0]?.maxTokens).toBe(300);

    const chosen = Object.assign(new MockModel(answer), { defaultMaxOutputTokens: 300 });
    await createAgent({ model: chosen, protocol: 'json', maxOutputTokens: 50 }).run('q').result;
    expect(chosen.calls[0]?.maxTokens).toBe(50);
  });

  it('a model that always hits the cap: corrected, then a typed failure', async () => {
    const model = new MockModel({ text: '{"action":"answer_user","answer":"""""""""', finishReason: 'length' });
    const result = await createAgent({ model, protocol: 'json', maxRetries: 2 }).run('q').result;
    expect(result.status).toBe('failed');
    expect(RetriesExhaustedError.isInstance(result.error)).toBe(true);
    expect(model.calls).toHaveLength(3);
  });
});

describe('llama: the cap from the context size', () => {
  let model: LlamaModel;
  beforeAll(async () => {
    const path = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'reins-llama-cap-')), 'tiny.gguf'));
    // A small context keeps the runaway short: its cap is llamaOutputCap(128) = 32 tokens.
    model = new LlamaModel(path, { threads: 1, contextSize: 128, temperature: 0 });
    await model.load();
  });
  afterAll(() => model?.dispose());

  it('declares a quarter of the context, at most 1 024 tokens', () => {
    expect(model.defaultMaxOutputTokens).toBe(32);
    expect(llamaOutputCap(8192)).toBe(1024);
    expect(new LlamaModel('x.gguf').defaultMaxOutputTokens).toBe(1024);
  });

  it('stops a reply that never ends at the cap even when the request gives none (generate and stream)', async () => {
    // llama.cpp may round the context up (to 256): the cap follows the context it made.
    const cap = llamaOutputCap((await model.load()).context.contextSize);
    const question = { messages: [{ role: 'user' as const, content: 'Say "' }] };
    const reply = await model.generate(question);
    expect(reply.usage.outputTokens).toBeLessThanOrEqual(cap);
    expect(['stop', 'length']).toContain(reply.finishReason);
    let finish: unknown;
    for await (const part of model.stream(question)) if (part.type === 'finish') finish = part;
    expect(finish).toMatchObject({ type: 'finish', usage: { outputTokens: expect.any(Number) } });
    expect((finish as { usage: { outputTokens: number } }).usage.outputTokens).toBeLessThanOrEqual(cap);
  });
});
