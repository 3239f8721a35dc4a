/** The measured figures README.md quotes (refreshed by `npm run bench`). */
import type { Quote } from './benchmarks-doc.ts';

export const readmeQuotes: readonly Quote[] = [
  ['peers', '300 × 10-step runs, same mock: reins / AI SDK time', 'Loop time per step, reins ÷ AI SDK `generateText` tool loop, both over the AI SDK\'s MockLanguageModelV4 (10-step runs, no-op tool)'],
  ['peers', '1000-step run, same mock: reins / AI SDK time', 'The same ratio in one 1,000-step run'],
  ['robustness', 'corpus json · all model outputs', 'json protocol over the real model outputs of the corpus (parser tests of llama.cpp, vLLM, sglang, transformers, mistral-common, ReAct parsers)'],
  ['robustness', 'chaos reins native · right answer', 'Right answers with 30% of model outputs damaged, reins native protocol'],
  ['robustness', 'chaos AI SDK (native tool calls) · right answer', 'The same, AI SDK on the same damaged turns'],
  ['robustness', 'chaos reins native · extra model calls/run', 'Extra model calls per run, reins native'],
  ['robustness', 'chaos AI SDK (native tool calls) · extra model calls/run', 'Extra model calls per run, AI SDK'],
  ['robustness', 'chaos reins json · right answer', 'Right answers with 30% damage, reins json protocol (text damage included)'],
  ['footprint', 'json · × raw definitions', 'json protocol prompt ÷ raw JSON tool definitions, server-filesystem\'s 14 tools'],
  ['footprint', 'line · × raw definitions', 'line protocol prompt, same comparison'],
  ['scale', '10000 runs · steps/s', 'Steps per second, 10,000 concurrent runs in one process'],
  ['scale', '10000 runs · peak heap per run (KB)', 'Peak heap per concurrent run (KB)'],
];
