/**
 * Grammar-constrained decisions on a real llama.cpp run of a tiny random-weight model: with the
 * protocol's grammar every reply is a valid decision (tool names, argument schemas, ask and answer
 * branches), for json, envelope, line and xml, and every branch is reached.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlamaModel } from '../../src/models/llama/llama-model.ts';
import { getCodec } from '../../src/protocols/get-codec.ts';
import { grammarTools } from '../helpers/grammar-tools.ts';
import { writeTinyGguf } from '../helpers/tiny-gguf.ts';


let model: LlamaModel;
beforeAll(async () => {
  const path = writeTinyGguf(join(mkdtempSync(join(tmpdir(), 'reins-llama-')), 'tiny.gguf'));
  model = new LlamaModel(path, { seed: 7, threads: 1, contextSize: 4096 });
  await model.load();
});
afterAll(() => model.dispose());

// Every branch a decision can take: each tool, a question, an answer.
const branches = [...grammarTools.map((tool) => tool.name), 'ask_user', 'answer_user'].sort();

describe.each(['json', 'envelope', 'line', 'xml'] as const)('llama grammar: %s', (protocol) => {
  // Replies until every branch was taken (17 to 70 replies with this seed; at most 200): what the
  // grammar must prove is that each branch it offers yields only valid decisions.
  it('random-weight replies are valid decisions, until every tool, ask and answer was taken', { timeout: 180_000 }, async () => {
    const codec = getCodec(protocol);
    const constraint = codec.constraint?.(grammarTools);
    expect(constraint).toBeDefined();
    const invalid: string[] = [];
    const taken = new Set<string>();
    for (let index = 0; index < 200 && taken.size < branches.length; index++) {
      const reply = await model.generate({
        system: codec.instructions(grammarTools),
        messages: [{ role: 'user', content: 'What is 2+3?' }],
        constraint,
        temperature: 1,
        maxTokens: 400,
      });
      const parsed = codec.parse(reply.text, { tools: grammarTools });
      if (parsed.success) taken.add(parsed.decision.action === 'call_tool' ? parsed.decision.tool : parsed.decision.action);
      else invalid.push(`${reply.finishReason}: ${reply.text} -> ${parsed.error.message}`);
    }
    expect(invalid).toEqual([]);
    expect([...taken].sort()).toEqual(branches);
  });
});
