/**
 * The embedded model's Model contract on a real llama.cpp run of the tiny GGUF: generate with token
 * usage, streaming that ends with `finish`, abort, the length limit, the missing-package error and
 * the thread default.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelConfigError } from '../../src/errors/model-config-error.ts';
import { defaultThreads } from '../../src/models/llama/default-threads.ts';
import { LlamaModel } from '../../src/models/llama/llama-model.ts';
import type { ModelStreamPart } from '../../src/spec/model.ts';
import { resolveModel } from '../../src/models/resolve-model.ts';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';

let path: string;
let model: LlamaModel;
beforeAll(async () => {
  path = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'reins-llama-')), 'tiny.gguf'));
  model = new LlamaModel(path, { seed: 5, temperature: 1, threads: 1, contextSize: 2048 });
  await model.load();
});
afterAll(() => model.dispose());

const question = { messages: [{ role: 'user' as const, content: 'What is 2+3?' }] };

describe('llama: model', () => {
  it('generates text and counts the tokens read and written', async () => {
    const reply = await model.generate({ ...question, system: 'Be brief.', maxTokens: 16 });
    expect(reply.modelId).toBe('tiny.gguf');
    expect(reply.usage.outputTokens).toBeGreaterThan(0);
    expect(reply.usage.outputTokens).toBeLessThanOrEqual(16);
    expect(reply.usage.inputTokens).toBeGreaterThan(0);
    expect(['stop', 'length']).toContain(reply.finishReason);
  });

  it('stops at maxTokens with finish reason length', async () => {
    const reply = await model.generate({ ...question, maxTokens: 3, constraint: { pattern: { kind: 'text', minLength: 1 } } });
    // Free text never ends on its own when the model keeps writing: either the end token or the limit.
    expect(reply.usage.outputTokens).toBeLessThanOrEqual(3);
    if (reply.usage.outputTokens === 3) expect(reply.finishReason).toBe('length');
  });

  it('streams text deltas, then finish with the usage', async () => {
    const parts: ModelStreamPart[] = [];
    for await (const part of model.stream({ ...question, maxTokens: 12 })) parts.push(part);
    const finish = parts.at(-1);
    expect(finish?.type).toBe('finish');
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : [])).join('');
    expect(text.length).toBeGreaterThan(0);
    expect(finish?.type === 'finish' && finish.usage.outputTokens).toBeGreaterThan(0);
  });

  it('rejects with the signal reason when aborted, and the next call still runs', async () => {
    const controller = new AbortController();
    const reason = new Error('stop now');
    const pending = model.generate({ ...question, maxTokens: 400, signal: controller.signal });
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    const after = await model.generate({ ...question, maxTokens: 4 });
    expect(after.usage.outputTokens).toBeGreaterThan(0);
  });

  it('stops generating when the reader leaves the stream early', async () => {
    let deltas = 0;
    for await (const part of model.stream({ ...question, maxTokens: 400, constraint: { pattern: { kind: 'text', exclude: '\u0000', minLength: 1 } } })) {
      if (part.type === 'text-delta' && ++deltas === 2) break;
    }
    const after = await model.generate({ ...question, maxTokens: 4 });
    expect(after.modelId).toBe('tiny.gguf');
  });

  it('is what resolveModel gives for llama:<path>, with no native tools', () => {
    const resolved = resolveModel(`llama:${path}`, { env: { REINS_LLAMA_THREADS: '1' } });
    expect(resolved).toBeInstanceOf(LlamaModel);
    expect(resolved).toMatchObject({ provider: 'llama', modelId: 'tiny.gguf', supportsTools: false });
  });

  it('names the install command when node-llama-cpp is missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'node-llama-cpp'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const without = new LlamaModel(path, { importPackage: () => Promise.reject(missing) });
    const error = await without.generate(question).catch((caught: unknown) => caught);
    expect(ModelConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'missing-package', hint: 'install it next to reins: npm install node-llama-cpp@3' });
  });

  it('says a missing model file is a configuration error', async () => {
    const error = await new LlamaModel(join(tmpdir(), 'no-such-model.gguf')).generate(question).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'Reins_ModelConfigError', kind: 'missing-model-file' });
  });

  it('leaves a core free on small machines', () => {
    expect([defaultThreads(2, 2), defaultThreads(4, 4), defaultThreads(8, 16), defaultThreads(1, 1)]).toEqual([1, 3, 8, 1]);
  });
});
