/**
 * `llama:<path.gguf>`: a GGUF model run in process by llama.cpp (node-llama-cpp, an optional peer
 * dependency, loaded on first use). Replies are sampled under a grammar when the request carries a
 * constraint (the protocol's decision shape) or a response schema, so a valid decision is the only
 * thing the model can write. Calls are serialized. A conversation (a run: the request's
 * `promptCacheKey`) keeps a context sequence of its own while there are enough (`sequences`), so
 * its KV cache holds the run's prompt and a turn evaluates only what it appends; `usage` says how
 * many prompt tokens were kept (`cacheReadTokens`) and so how many were evaluated. Grammars are
 * built once per shape and cached.
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Llama, LlamaChat, LlamaContext, LlamaContextSequence, LlamaGrammar, LlamaModel as NativeModel } from 'node-llama-cpp';
import { ModelConfigError } from '../../errors/model-config-error.ts';
import type { FinishReason, Model, ModelRequest, ModelResponse, ModelStreamPart, OutputPattern, Usage } from '../../spec/model.ts';
import { defaultThreads } from './default-threads.ts';
import { loadNodeLlamaCpp, type NodeLlamaCpp } from './load-node-llama-cpp.ts';
import { patternToGbnf } from './pattern-to-gbnf.ts';
import { streamOf } from './stream-of.ts';
import { toChatHistory } from './to-chat-history.ts';

export interface LlamaModelOptions {
  /**
   * Context window in tokens. Also bounds each reply: a request without `maxTokens` gets a quarter
   * of it (at most 1 024 tokens, `llamaOutputCap`), and no reply may take more than half of it.
   * @default the model's training context, at most 8192
   */
  contextSize?: number;
  /**
   * Context sequences, each keeping one conversation's evaluated prompt (a run, named by its
   * `promptCacheKey`): runs taking turns on this model each keep their prefix while there are as
   * many sequences as runs; beyond that the least recently used sequence is taken over. Each
   * sequence costs the memory of another context.
   * @default 1
   */
  sequences?: number;
  /**
   * CPU threads for generation.
   * @default the CPU's math cores, less one on machines with 4 cores or fewer (see `defaultThreads`)
   */
  threads?: number;
  /**
   * Use a GPU when node-llama-cpp finds one (`'auto'`), or never (`false`).
   * @default 'auto'
   */
  gpu?: 'auto' | false;
  /**
   * Constrain replies by the request's `constraint` / `responseSchema`. `false` samples freely (for
   * comparisons; reins then corrects invalid replies as with any model).
   * @default true
   */
  grammar?: boolean;
  /**
   * Sampling temperature when the request sets none (0 is greedy: the most likely token each time).
   * @default 0
   */
  temperature?: number;
  /**
   * Seed of the sampler when the temperature is above 0: call n of this model uses `seed + n`, so a
   * run is reproducible and its turns differ.
   * @default random
   */
  seed?: number;
  /** Loads node-llama-cpp; tests replace it. @default `import('node-llama-cpp')` */
  importPackage?: () => Promise<NodeLlamaCpp>;
}

/** One context sequence and the conversation it holds. */
interface HeldSequence {
  sequence: LlamaContextSequence;
  chat: LlamaChat;
  /** The `promptCacheKey` of the conversation in it (undefined: none yet, or requests without a key). */
  key: string | undefined;
  /** When it was last used (a call counter), to take over the least recently used. */
  usedAt: number;
}

interface Loaded {
  llama: Llama;
  model: NativeModel;
  context: LlamaContext;
  held: HeldSequence[];
}

const finishReasons: Record<string, FinishReason> = { maxTokens: 'length', abort: 'other' };

/** The context size assumed before the model is loaded (the default's upper bound). */
const assumedContextSize = 8192;

/**
 * Output tokens of one reply when the request gives no cap: a quarter of the context, at most
 * 1 024. A small model at temperature 0 can write one token for ever (a `"` inside a JSON string):
 * without a cap one turn ran until llama.cpp crashed. A decision needs far fewer tokens.
 */
export function llamaOutputCap(contextSize: number): number {
  return Math.max(16, Math.min(1024, Math.floor(contextSize / 4)));
}

export class LlamaModel implements Model {
  readonly provider = 'llama';
  readonly modelId: string;
  /** Text protocols only: decisions are constrained by grammar, not native tool calls. */
  readonly supportsTools = false;
  /** The loop's per-turn cap when the caller sets none: from the context size (`llamaOutputCap`). */
  readonly defaultMaxOutputTokens: number;
  readonly path: string;
  readonly #options: LlamaModelOptions;
  #loaded: Promise<Loaded> | undefined;
  #queue: Promise<unknown> = Promise.resolve();
  #calls = 0;
  /** Calls made, for the sequences' last use. */
  #uses = 0;
  readonly #grammars = new Map<string, Promise<LlamaGrammar>>();

  constructor(path: string, options: LlamaModelOptions = {}) {
    this.path = resolve(path);
    this.modelId = basename(path);
    this.#options = options;
    this.defaultMaxOutputTokens = llamaOutputCap(options.contextSize ?? assumedContextSize);
  }

  /** Loads node-llama-cpp, the model and a context (once; `generate` does it on first use). */
  load(): Promise<Loaded> {
    this.#loaded ??= this.#load();
    return this.#loaded;
  }

  async #load(): Promise<Loaded> {
    const modelString = `llama:${this.path}`;
    const lib = await loadNodeLlamaCpp(modelString, this.#options.importPackage);
    if (!existsSync(this.path)) {
      throw new ModelConfigError(`no model file at ${this.path}`, {
        kind: 'missing-model-file',
        modelString,
        hint: 'give the path of a .gguf file, or get one with `reins models pull <url>` (`reins models list` shows the pulled ones)',
      });
    }
    const llama = await lib.getLlama({ gpu: this.#options.gpu ?? 'auto', build: 'never', logLevel: lib.LlamaLogLevel.error, progressLogs: false });
    const model = await llama.loadModel({ modelPath: this.path });
    const threads = this.#options.threads ?? defaultThreads(llama.cpuMathCores);
    const contextSize = this.#options.contextSize ?? Math.min(model.trainContextSize, 8192);
    const sequences = Math.max(1, Math.floor(this.#options.sequences ?? 1));
    const context = await model.createContext({ contextSize, threads, sequences });
    const held: HeldSequence[] = [];
    for (let index = 0; index < sequences; index++) {
      const sequence = context.getSequence();
      held.push({ sequence, chat: new lib.LlamaChat({ contextSequence: sequence }), key: undefined, usedAt: 0 });
    }
    return { llama, model, context, held };
  }

  /** The grammar of a request, or undefined for free sampling. Cached by shape. */
  async #grammarFor(request: ModelRequest, llama: Llama): Promise<LlamaGrammar | undefined> {
    if (this.#options.grammar === false) return undefined;
    const pattern: OutputPattern | undefined =
      request.constraint?.pattern ?? (request.responseSchema ? { kind: 'json', schema: request.responseSchema } : undefined);
    if (!pattern) return undefined;
    const key = JSON.stringify(pattern);
    let grammar = this.#grammars.get(key);
    if (!grammar) {
      grammar = buildGrammar(llama, pattern);
      this.#grammars.set(key, grammar);
      grammar.catch(() => this.#grammars.delete(key));
    }
    return grammar;
  }

  generate(request: ModelRequest): Promise<ModelResponse> {
    return this.#run(request, undefined);
  }

  stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
    return streamOf(request.signal, (signal, onText) => this.#run({ ...request, signal }, onText));
  }

  /** One generation, after the ones before it. */
  #run(request: ModelRequest, onText: ((text: string) => void) | undefined): Promise<ModelResponse> {
    const run = this.#queue.then(() => this.#generate(request, onText));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #generate(request: ModelRequest, onText: ((text: string) => void) | undefined): Promise<ModelResponse> {
    request.signal?.throwIfAborted();
    const { llama, context, held } = await this.load();
    const { sequence, chat } = heldSequenceFor(held, request.promptCacheKey, ++this.#uses);
    const grammar = await this.#grammarFor(request, llama);
    const before = { input: sequence.tokenMeter.usedInputTokens, output: sequence.tokenMeter.usedOutputTokens };
    try {
      const result = await chat.generateResponse(toChatHistory(request), {
        ...(grammar ? { grammar } : {}),
        // Always a cap: the request's (at most half the context), else the context's own default.
        maxTokens: Math.min(request.maxTokens ?? llamaOutputCap(context.contextSize), Math.floor(context.contextSize / 2)),
        temperature: request.temperature ?? this.#options.temperature ?? 0,
        ...(this.#options.seed === undefined ? {} : { seed: this.#options.seed + this.#calls++ }),
        ...(request.signal ? { signal: request.signal } : {}),
        ...(onText ? { onTextChunk: onText } : {}),
      });
      return {
        text: result.response,
        toolCalls: [],
        finishReason: finishReasons[result.metadata.stopReason] ?? 'stop',
        usage: evaluatedUsage(sequence, before),
        modelId: this.modelId,
      };
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      throw error;
    }
  }

  /** Frees the model and its context. The model loads again on the next call. */
  async dispose(): Promise<void> {
    const loaded = this.#loaded;
    this.#loaded = undefined;
    this.#grammars.clear();
    if (!loaded) return;
    const { context, model } = await loaded.catch(() => ({ context: undefined, model: undefined }));
    await context?.dispose();
    await model?.dispose();
  }
}

/** The sequence of a conversation: its own, else a free one, else the least recently used. */
function heldSequenceFor(held: HeldSequence[], key: string | undefined, now: number): HeldSequence {
  const found =
    (key === undefined ? undefined : held.find((candidate) => candidate.key === key)) ??
    held.find((candidate) => candidate.key === undefined && candidate.usedAt === 0) ??
    held.reduce((oldest, candidate) => (candidate.usedAt < oldest.usedAt ? candidate : oldest));
  found.key = key;
  found.usedAt = now;
  return found;
}

/**
 * A call's usage from the sequence's token meter: the prompt is what the sequence holds after the
 * call less the tokens generated, and the prompt tokens not evaluated were kept from the turn before
 * (`cacheReadTokens`).
 */
function evaluatedUsage(sequence: LlamaContextSequence, before: { input: number; output: number }): Usage {
  const evaluated = sequence.tokenMeter.usedInputTokens - before.input;
  const outputTokens = sequence.tokenMeter.usedOutputTokens - before.output;
  const inputTokens = Math.max(evaluated, sequence.contextTokens.length - outputTokens);
  return { inputTokens, outputTokens, cacheReadTokens: inputTokens - evaluated };
}

async function buildGrammar(llama: Llama, pattern: OutputPattern): Promise<LlamaGrammar> {
  return llama.createGrammar({ grammar: await patternToGbnf(llama, pattern) });
}
