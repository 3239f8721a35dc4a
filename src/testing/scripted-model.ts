/**
 * ScriptedModel: a strict test double that plays a script, one step per model call (DESIGN §3).
 * A step is the raw text of one turn, `{ text?, toolCalls? }` for native tool calls, or a function
 * of the request. Every request is recorded in `calls`; a call past the end throws
 * ScriptExhaustedError; `assertComplete()` checks every step was used. Implements both `generate`
 * and `stream` (the text in small chunks), and records how many chunks each stream delivered.
 */
import { ScriptExhaustedError } from '../errors/script-exhausted-error.ts';
import { ScriptIncompleteError } from '../errors/script-incomplete-error.ts';
import { abortableSleep } from '../models/abortable-sleep.ts';
import { PAUSE_AFTER_MS } from '../models/paced.ts';
import type { Model, ModelRequest, ModelResponse, ModelStreamPart, ModelToolCall, Usage } from '../spec/model.ts';
import { splitChunks } from './split-chunks.ts';

export interface ScriptedTurn {
  /** The text of the turn (streamed in chunks of `chunkSize`). @default '' */
  text?: string;
  /** Native tool calls; `id` defaults to `call_<call>_<position>`. @default [] */
  toolCalls?: Array<Omit<ModelToolCall, 'id'> & { id?: string }>;
  /** @default estimated as 4 characters a token */
  usage?: Usage;
}

export type ScriptStep = string | ScriptedTurn | ((request: ModelRequest, call: number) => string | ScriptedTurn | Promise<string | ScriptedTurn>);

export interface ScriptedModelOptions {
  /** @default true when any step has toolCalls */
  supportsTools?: boolean;
  /** Characters per streamed text chunk. @default 8 */
  chunkSize?: number;
  /** Delay before each streamed chunk, in ms (honours the request signal). @default 0 */
  delayMs?: number;
  /** @default 'scripted' */
  modelId?: string;
  /** Keep a copy of every request in `calls` and a record of every stream in `streams` (turn off for benchmarks: they keep nothing per call). @default true */
  recordCalls?: boolean;
}

/** What one `stream` call delivered: chunks pulled by the consumer out of the total. */
export interface StreamRecord {
  chunks: number;
  totalChunks: number;
  completed: boolean;
}

export class ScriptedModel implements Model {
  readonly provider = 'scripted';
  readonly modelId: string;
  readonly supportsTools: boolean;
  /** Every request, in order (without its signal); empty with `recordCalls: false`. */
  readonly calls: ModelRequest[] = [];
  /** One record per `stream` call; empty with `recordCalls: false`. */
  readonly streams: StreamRecord[] = [];
  readonly #steps: readonly ScriptStep[];
  readonly #chunkSize: number;
  readonly #delayMs: number;
  readonly #recordCalls: boolean;
  #used = 0;

  constructor(steps: readonly ScriptStep[], options: ScriptedModelOptions = {}) {
    this.#steps = steps;
    this.modelId = options.modelId ?? 'scripted';
    this.#chunkSize = Math.max(1, options.chunkSize ?? 8);
    this.#delayMs = options.delayMs ?? 0;
    this.#recordCalls = options.recordCalls ?? true;
    this.supportsTools =
      options.supportsTools ?? steps.some((step) => typeof step === 'object' && (step.toolCalls?.length ?? 0) > 0);
  }

  /** Steps not yet used. */
  get remaining(): number {
    return this.#steps.length - this.#used;
  }

  /** Throws ScriptIncompleteError unless every step of the script was used. */
  assertComplete(): void {
    if (this.#used < this.#steps.length) throw new ScriptIncompleteError(this.#steps.length, this.#used);
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const turn = await this.#next(request);
    return { text: turn.text, toolCalls: turn.toolCalls, finishReason: finishReasonOf(turn), usage: turn.usage, modelId: this.modelId };
  }

  /** The turn's text in chunks (each after `delayMs`), then its tool calls, then `finish`; the turn is taken when first pulled. */
  async *stream(request: ModelRequest): AsyncGenerator<ModelStreamPart> {
    const turn = await this.#next(request);
    const chunks = splitChunks(turn.text, this.#chunkSize);
    const record: StreamRecord | undefined = this.#recordCalls ? { chunks: 0, totalChunks: chunks.length, completed: false } : undefined;
    if (record) this.streams.push(record);
    // Like `paced`: a turn held in memory still lets the event loop turn now and then.
    let since = performance.now();
    for (const text of chunks) {
      if (performance.now() - since >= PAUSE_AFTER_MS) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        since = performance.now();
      }
      request.signal?.throwIfAborted();
      if (this.#delayMs > 0) await abortableSleep(this.#delayMs, request.signal);
      if (record) record.chunks += 1;
      yield { type: 'text-delta', text };
    }
    for (const toolCall of turn.toolCalls) yield { type: 'tool-call', toolCall };
    if (record) record.completed = true;
    yield { type: 'finish', finishReason: finishReasonOf(turn), usage: turn.usage, modelId: this.modelId };
  }

  /** The next step played. Rejects past the end of the script. */
  async #next(request: ModelRequest): Promise<PlayedTurn> {
    const index = this.#used++;
    if (this.#recordCalls) {
      const { signal: _signal, ...recorded } = request;
      this.calls.push(structuredClone(recorded));
    }
    const step = this.#steps[index];
    if (step === undefined) throw new ScriptExhaustedError(this.#steps.length, index + 1);
    return played(typeof step === 'function' ? await step(request, index) : step, request, index);
  }
}

interface PlayedTurn {
  text: string;
  toolCalls: ModelToolCall[];
  usage: Usage;
}

function played(step: string | ScriptedTurn, request: ModelRequest, index: number): PlayedTurn {
  const turn = typeof step === 'string' ? { text: step } : step;
  const text = turn.text ?? '';
  const toolCalls = turn.toolCalls ? turn.toolCalls.map((call, position) => ({ ...call, id: call.id ?? `call_${index + 1}_${position + 1}` })) : [];
  return { text, toolCalls, usage: turn.usage ?? estimate(request, text) };
}

function finishReasonOf(turn: { toolCalls: ModelToolCall[] }): ModelResponse['finishReason'] {
  return turn.toolCalls.length > 0 ? 'tool-calls' : 'stop';
}

/** 4 characters a token. */
function estimate(request: ModelRequest, text: string): Usage {
  let input = request.system?.length ?? 0;
  for (const message of request.messages) input += message.content.length;
  return { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(text.length / 4) };
}
