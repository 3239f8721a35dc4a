/**
 * ScriptedModel: a strict test double that plays a script, one step per model call (DESIGN §3).
 * A step is the raw text of one turn, `{ text?, toolCalls? }` for native tool calls, or a function
 * of the request. Every request is recorded in `calls`; a call past the end throws
 * ScriptExhaustedError; `assertComplete()` checks every step was used. Implements both `generate`
 * and `stream` (the text in small chunks), and records how many chunks each stream delivered.
 */
import { ScriptExhaustedError } from '../errors/script-exhausted-error.ts';
import { ScriptIncompleteError } from '../errors/script-incomplete-error.ts';
import type { Model, ModelRequest, ModelResponse, ModelStreamPart, ModelToolCall, Usage } from '../spec/model.ts';
import { ScriptedStream, type ScriptedStreamTurn, type StreamRecord } from './scripted-stream.ts';
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
  /** Keep a copy of every request in `calls` (turn off for long benchmark scripts). @default true */
  recordCalls?: boolean;
}

export type { StreamRecord } from './scripted-stream.ts';

export class ScriptedModel implements Model {
  readonly provider = 'scripted';
  readonly modelId: string;
  readonly supportsTools: boolean;
  /** Every request, in order (without its signal). */
  readonly calls: ModelRequest[] = [];
  /** One record per `stream` call. */
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

  stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
    return new ScriptedStream(this.#streamTurn, request, this.#delayMs);
  }

  /** The turn a `stream` call plays, fetched when its consumer first pulls (as a generator would). */
  readonly #streamTurn = async (request: ModelRequest): Promise<ScriptedStreamTurn> => {
    const turn = await this.#next(request);
    const chunks = splitChunks(turn.text, this.#chunkSize);
    const record: StreamRecord = { chunks: 0, totalChunks: chunks.length, completed: false };
    this.streams.push(record);
    const finish: ModelStreamPart = { type: 'finish', finishReason: finishReasonOf(turn), usage: turn.usage, modelId: this.modelId };
    return { chunks, toolCalls: turn.toolCalls, finish, record };
  };

  async #next(request: ModelRequest): Promise<{ text: string; toolCalls: ModelToolCall[]; usage: Usage }> {
    const index = this.#used++;
    if (this.#recordCalls) {
      const { signal: _signal, ...recorded } = request;
      this.calls.push(structuredClone(recorded));
    }
    const step = this.#steps[index];
    if (step === undefined) throw new ScriptExhaustedError(this.#steps.length, index + 1);
    const resolved = typeof step === 'function' ? await step(request, index) : step;
    const turn = typeof resolved === 'string' ? { text: resolved } : resolved;
    const text = turn.text ?? '';
    const toolCalls = (turn.toolCalls ?? []).map((call, position) => ({ ...call, id: call.id ?? `call_${index + 1}_${position + 1}` }));
    return { text, toolCalls, usage: turn.usage ?? estimate(request, text) };
  }
}

function finishReasonOf(turn: { toolCalls: ModelToolCall[] }): ModelResponse['finishReason'] {
  return turn.toolCalls.length > 0 ? 'tool-calls' : 'stop';
}

function estimate(request: ModelRequest, text: string): Usage {
  const input = (request.system?.length ?? 0) + request.messages.reduce((sum, message) => sum + message.content.length, 0);
  return { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(text.length / 4) };
}
