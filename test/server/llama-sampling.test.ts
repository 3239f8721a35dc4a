/**
 * sampleSchema / sampleTools on the `model` backend with an embedded llama model (tiny, random
 * weights): the response schema and the tools' argument schemas become the sampling grammar, so
 * every structured reply is valid on its first attempt.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LlamaModel } from '../../src/models/llama/llama-model.ts';
import { samplingContext } from '../../src/server/index.ts';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';
import { inTool, noSampling } from './sampling-client.ts';

const Move = z.object({ cell: z.enum(['a1', 'b2', 'c3']), why: z.string(), urgent: z.boolean() });
const tools = [
  { name: 'play_offensive', inputSchema: z.object({ reasoning: z.string() }) },
  { name: 'play_cell', inputSchema: z.object({ row: z.number().int(), column: z.number().int() }) },
] as const;

let model: LlamaModel;
beforeAll(async () => {
  model = new LlamaModel(writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'reins-llama-')), 'tiny.gguf')), { seed: 11, temperature: 1, threads: 1 });
  await model.load();
});
afterAll(() => model.dispose());

describe('llama model backend', () => {
  it('sampleSchema: every reply matches the schema on its first attempt', async () => {
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) => {
      const sampling = samplingContext(server, ctx, { backend: 'model', model });
      const results = [];
      for (let index = 0; index < 20; index++) results.push(await sampling.sampleSchema({ prompt: 'Your move?', schema: Move, maxTokens: 200 }));
      return results;
    });
    expect(run.error).toBeUndefined();
    expect(run.value?.map((result) => result.attempts)).toEqual(Array(20).fill(1));
    for (const result of run.value ?? []) expect(Move.safeParse(result.parsed).success).toBe(true);
  }, 120_000);

  it('sampleTools: every reply is a call of a tool, with valid arguments, on its first attempt', async () => {
    const run = await inTool({ capabilities: noSampling }, async (server, ctx) => {
      const sampling = samplingContext(server, ctx, { backend: 'model', model });
      const results = [];
      for (let index = 0; index < 10; index++) results.push(await sampling.sampleTools({ prompt: 'Strategy?', tools, maxTokens: 200 }));
      return results;
    });
    expect(run.error).toBeUndefined();
    expect(run.value?.map((result) => result.attempts)).toEqual(Array(10).fill(1));
    const calls = (run.value ?? []).flatMap((result) => result.toolCalls);
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (const call of calls) {
      const tool = tools.find((candidate) => candidate.name === call.name);
      expect(tool).toBeDefined();
      expect(tool?.inputSchema.safeParse(call.arguments).success).toBe(true);
    }
  }, 120_000);
});
