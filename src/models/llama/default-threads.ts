/**
 * The default thread count of a `llama:` model: the CPU's math cores, less one when the machine has
 * few, so generation never takes every core from the event loop, the MCP servers and the tools.
 * Measured on a 2-core machine (bench/llama.ts): 1 thread keeps tool servers responsive and loses
 * little speed on small models; see BENCHMARKS.md.
 */
import { availableParallelism } from 'node:os';

export function defaultThreads(mathCores: number, parallelism: number = availableParallelism()): number {
  const cores = Math.max(1, Math.min(mathCores, parallelism));
  return parallelism <= 4 ? Math.max(1, cores - 1) : cores;
}
