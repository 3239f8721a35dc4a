/**
 * ScriptedModel: a strict test double that plays a script, one step per model call (DESIGN §3).
 * A step is the raw text of one turn, `{ text?, toolCalls? }` for native tool calls, or a function
 * of the request. Every request is recorded in `calls`; a call past the end throws
 * ScriptExhaustedError; `assertComplete()` checks every step was used. Implements both `generate`
 * and `stream` (the text in small chunks), and records how many chunks each stream delivered.
 */
import { ScriptExhaustedError } from '../errors/script-exhausted-error.ts';
import { ScriptIncompleteError } from '../errors/script-incomplete-error.ts';
import { historyPrefix } from '../models/history-prefix.ts';
import type { Model, ModelMessage, ModelRequest, ModelResponse, ModelStreamPart, ModelToolCall, Usage } from '../spec/model.ts';
import { ScriptedStream, type ScriptedStreamTurn, type StreamRecord } from './scripted-stream.ts';
import { splitChunks } from './split-chunks.ts';
import { isPromiseLike } from '../tools/with-tool-timeout.ts';

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

  /**
   * The turn a `stream` call plays, fetched when its consumer first pulls (as a generator would).
   * Made at once unless a function step returns a promise: the mock's own promises and async frames
   * are no part of what a benchmark over it should measure. Throws past the end of the script.
   */
  readonly #streamTurn = (request: ModelRequest): ScriptedStreamTurn | Promise<ScriptedStreamTurn> => {
    const turn = this.#next(request);
    return turn instanceof Promise ? turn.then(this.#toStreamTurn) : this.#toStreamTurn(turn);
  };

  readonly #toStreamTurn = (turn: PlayedTurn): ScriptedStreamTurn => {
    const chunks = splitChunks(turn.text, this.#chunkSize);
    const record: StreamRecord = { chunks: 0, totalChunks: chunks.length, completed: false };
    this.streams.push(record);
    const finish: ModelStreamPart = { type: 'finish', finishReason: finishReasonOf(turn), usage: turn.usage, modelId: this.modelId };
    return { chunks, toolCalls: turn.toolCalls, finish, record };
  };

  /** The next step played: at once, or a promise when a function step returned one. Throws past the end of the script. */
  #next(request: ModelRequest): PlayedTurn | Promise<PlayedTurn> {
    const index = this.#used++;
    if (this.#recordCalls) {
      const { signal: _signal, ...recorded } = request;
      this.calls.push(structuredClone(recorded));
    }
    const step = this.#steps[index];
    if (step === undefined) throw new ScriptExhaustedError(this.#steps.length, index + 1);
    if (typeof step !== 'function') return played(step, request, index);
    const resolved = step(request, index);
    return isPromiseLike(resolved) ? Promise.resolve(resolved).then((later) => played(later, request, index)) : played(resolved, request, index);
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

/** 4 characters a token; a loop request's history prefix is summed where it is (reading `messages` copies it). */
function estimate(request: ModelRequest, text: string): Usage {
  const prefix = historyPrefix(request);
  const messages = prefix ? prefix.history : request.messages;
  const count = prefix ? prefix.count : messages.length;
  let input = request.system?.length ?? 0;
  for (let index = 0; index < count; index++) input += (messages[index] as ModelMessage).content.length;
  return { inputTokens: Math.ceil(input / 4), outputTokens: Math.ceil(text.length / 4) };
}
