/**
 * The embedded model (`llama:`) on the tiny random-weight GGUF of the tests (test/helpers/tiny-gguf.ts):
 * valid-decision rate per protocol with and without the decision grammar, decisions/s and tokens/s,
 * the thread count on this machine, and the grammar build time for the 14 tools of
 * @modelcontextprotocol/server-filesystem (listed live over stdio). Needs node-llama-cpp (a
 * devDependency). Runnable alone: `npm run bench -- llama`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ToolSpec } from '../../src/spec/decision.ts';
import { connectServers } from '../../src/mcp/index.ts';
import { LlamaModel } from '../../src/models/llama/llama-model.ts';
import { getCodec } from '../../src/protocols/get-codec.ts';
import { grammarTools } from '../../test/helpers/grammar-tools.ts';
import { tinyGguf, writeTinyGguf } from '../../test/helpers/tiny-gguf.ts';
import type { SectionReport } from '../lib/section.ts';

export const title = 'Embedded model: grammar-constrained decisions (llama)';

const protocols = ['json', 'envelope', 'line', 'xml'] as const;
const samples = 60;
const entry = resolve(import.meta.dirname, '../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');

async function filesystemTools(): Promise<ToolSpec[]> {
  const root = await mkdtemp(join(tmpdir(), 'reins-bench-fs-'));
  const servers = await connectServers({ mcpServers: { filesystem: { command: process.execPath, args: [entry, root] } } });
  try {
    if (servers.failures.length > 0) throw servers.failures[0]?.error;
    return servers.toolbox.list();
  } finally {
    await servers.close();
    await rm(root, { recursive: true, force: true });
  }
}

async function rate(model: LlamaModel, protocol: (typeof protocols)[number], grammar: boolean, count = samples, maxTokens = 400) {
  const codec = getCodec(protocol);
  const started = performance.now();
  let valid = 0;
  let tokens = 0;
  for (let index = 0; index < count; index++) {
    const reply = await model.generate({
      system: codec.instructions(grammarTools),
      messages: [{ role: 'user', content: 'What is 2+3?' }],
      ...(grammar ? { constraint: codec.constraint?.(grammarTools) } : {}),
      temperature: 1,
      maxTokens,
    });
    tokens += reply.usage.outputTokens;
    if (codec.parse(reply.text, { tools: grammarTools }).success) valid++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { valid: valid / count, perSecond: count / seconds, tokensPerSecond: tokens / seconds };
}

export async function run(): Promise<SectionReport> {
  const dir = await mkdtemp(join(tmpdir(), 'reins-bench-llama-'));
  const path = writeTinyGguf(join(dir, 'tiny.gguf'));
  const metrics: Record<string, number | string> = {};
  try {
    for (const threads of [1, 2]) {
      const constrained = new LlamaModel(path, { seed: 1, threads, contextSize: 4096 });
      const free = new LlamaModel(path, { seed: 1, threads, contextSize: 4096, grammar: false });
      try {
        if (threads === 1) {
          for (const protocol of protocols) {
            const withGrammar = await rate(constrained, protocol, true);
            const without = await rate(free, protocol, false, samples / 2, 100);
            metrics[`${protocol} · valid with grammar`] = withGrammar.valid;
            metrics[`${protocol} · valid without grammar`] = without.valid;
            metrics[`${protocol} · decisions/s with grammar`] = Number(withGrammar.perSecond.toFixed(1));
            metrics[`${protocol} · tokens/s with grammar`] = Math.round(withGrammar.tokensPerSecond);
          }
          metrics['json · tokens/s without grammar'] = Math.round((await rate(free, 'json', false, 20, 100)).tokensPerSecond);
        } else {
          metrics['json · tokens/s with grammar, 2 threads'] = Math.round((await rate(constrained, 'json', true, 10)).tokensPerSecond);
        }
      } finally {
        await constrained.dispose();
        await free.dispose();
      }
    }
    const tools = await filesystemTools();
    const model = new LlamaModel(path, { threads: 1 });
    try {
      const { llama } = await model.load();
      const { patternToGbnf } = await import('../../src/models/llama/pattern-to-gbnf.ts');
      metrics['server-filesystem tools'] = tools.length;
      for (const protocol of protocols) {
        const constraint = getCodec(protocol).constraint?.(tools);
        if (!constraint) continue;
        const started = performance.now();
        const grammar = await llama.createGrammar({ grammar: await patternToGbnf(llama, constraint.pattern) });
        metrics[`${protocol} · grammar build ms (${tools.length} tools)`] = Number((performance.now() - started).toFixed(1));
        metrics[`${protocol} · grammar rules`] = grammar.grammar.split('\n').length;
      }
    } finally {
      await model.dispose();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    metrics,
    notes: [
      `${samples} replies per protocol and mode from the tiny random-weight GGUF (test/helpers/tiny-gguf.ts: llama architecture, ${Math.round(tinyGguf().length / 1024)} KB, byte-level BPE vocabulary), temperature 1, at most 400 tokens (without grammar: half as many replies, at most 100 tokens), the 4 tools of test/helpers/grammar-tools.ts; "valid" = the protocol's codec parses a decision that validates (tool known, args valid by the schema).`,
      'Without grammar the same model writes free text: random weights never write a json, envelope or line decision; xml reads plain text as a final answer, so most free text counts as a (nonsense) answer there, and a tool call never comes out valid.',
      'Threads: the same json run (10 replies) with 2 threads on this 2-core machine shared with other processes; llama.cpp threads spin while they wait for each other, so one more thread than free cores is far slower. The default is the math cores less one on machines with 4 cores or fewer (1 here).',
      'Grammar build: the decision grammar (GBNF) for the 14 server-filesystem tools compiled and parsed by llama.cpp, once; a model caches it per tool list.',
    ],
  };
}

