/**
 * The embedded model keeps a run's prompt: on a real llama.cpp run of the tiny GGUF, each turn of a
 * growing conversation reuses every token of the turn before's prompt and evaluates only what was
 * appended (usage: `inputTokens` the whole prompt, `cacheReadTokens` the part kept). With two
 * sequences, two runs taking turns keep a sequence each.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlamaModel } from '../../src/models/llama/llama-model.ts';
import type { ModelMessage, ModelRequest, Usage } from '../../src/spec/model.ts';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';

let path: string;
let model: LlamaModel;
beforeAll(async () => {
  path = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'reins-llama-prefix-')), 'tiny.gguf'));
  model = new LlamaModel(path, { threads: 1, contextSize: 2048, sequences: 2 });
  await model.load();
});
afterAll(() => model.dispose());

const system = 'You are the planner. Reply with one JSON object.';
const constraint: ModelRequest['constraint'] = { pattern: { kind: 'json', schema: { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'] } } };

/** One conversation: each turn sends the history so far, then appends the reply and a tool result. */
function conversation(key: string) {
  const messages: ModelMessage[] = [{ role: 'user', content: `Run ${key}: what is 2+3? Please tell me which tool to use.` }];
  return async (turn: number): Promise<Usage> => {
    const reply = await model.generate({ system, messages: [...messages], maxTokens: 8, constraint, promptCacheKey: key });
    messages.push({ role: 'assistant', content: reply.text }, { role: 'user', content: `Result ${turn}: the file has ${turn * 3} lines.` });
    return reply.usage;
  };
}

/** Each turn keeps all of the previous prompt and evaluates no more than the prompt grew by. */
function expectPrefixKept(turns: Usage[]): void {
  expect(turns[0]?.cacheReadTokens ?? 0).toBeLessThan(turns[0]?.inputTokens ?? 0);
  for (let index = 1; index < turns.length; index++) {
    const before = turns[index - 1] as Usage;
    const now = turns[index] as Usage;
    const evaluated = now.inputTokens - (now.cacheReadTokens ?? 0);
    expect(now.cacheReadTokens).toBeGreaterThanOrEqual(before.inputTokens);
    expect(evaluated).toBeLessThanOrEqual(now.inputTokens - before.inputTokens);
    expect(evaluated).toBeGreaterThan(0);
  }
}

describe('llama: a run keeps its prompt', () => {
  it('turns after the first evaluate only the tokens appended since the last one', async () => {
    const next = conversation('a');
    const turns: Usage[] = [];
    for (let turn = 0; turn < 4; turn++) turns.push(await next(turn));
    expectPrefixKept(turns);
  });

  it('two runs taking turns keep a sequence each', async () => {
    const first = conversation('b');
    const second = conversation('c');
    const firstTurns: Usage[] = [];
    const secondTurns: Usage[] = [];
    for (let turn = 0; turn < 3; turn++) {
      firstTurns.push(await first(turn));
      secondTurns.push(await second(turn));
    }
    expectPrefixKept(firstTurns);
    expectPrefixKept(secondTurns);
  });
});
