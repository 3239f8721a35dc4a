/**
 * ChaosModel: wraps a model and damages a set fraction of its outputs with the damage kinds of
 * DESIGN §4, seeded and reproducible. `lastDamage` and `damages` say what was applied to which call
 * (undefined: left intact, or no kind applied to that output). A truncated output ends with finish
 * reason `length`, as a provider reports a reply cut at the token limit.
 */
import type { Model, ModelRequest, ModelResponse, ModelStreamPart, ModelToolCall } from '../spec/model.ts';
import { paced } from '../models/paced.ts';
import { applyDamage, damageKinds, type DamageKind, type Turn } from './damage.ts';
import { seededRandom, shuffled, type Random } from './seeded-random.ts';
import { splitChunks } from './split-chunks.ts';

export interface ChaosModelOptions {
  /** Fraction of outputs damaged, 0..1. */
  rate: number;
  /** @default 1 */
  seed?: number;
  /** Damage kinds to draw from. @default every kind */
  kinds?: readonly DamageKind[];
  /** Characters per chunk when re-streaming damaged text. @default 8 */
  chunkSize?: number;
}

export class ChaosModel implements Model {
  readonly provider: string;
  readonly modelId: string;
  readonly supportsTools: boolean;
  /** The damage of each call, in order (undefined: intact). */
  readonly damages: Array<DamageKind | undefined> = [];
  readonly stream?: (request: ModelRequest) => AsyncIterable<ModelStreamPart>;
  readonly #inner: Model;
  readonly #random: Random;
  readonly #rate: number;
  readonly #kinds: readonly DamageKind[];
  readonly #chunkSize: number;

  constructor(inner: Model, options: ChaosModelOptions) {
    this.#inner = inner;
    this.provider = inner.provider;
    this.modelId = inner.modelId;
    this.supportsTools = inner.supportsTools;
    this.#random = seededRandom(options.seed ?? 1);
    this.#rate = options.rate;
    this.#kinds = options.kinds ?? damageKinds;
    this.#chunkSize = options.chunkSize ?? 8;
    if (inner.stream) this.stream = (request) => this.#stream(request);
  }

  /** The damage applied to the latest output. */
  get lastDamage(): DamageKind | undefined {
    return this.damages.at(-1);
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const response = await this.#inner.generate(request);
    const damaged = this.damage({ text: response.text, toolCalls: response.toolCalls });
    return { ...response, ...damaged, ...(this.lastDamage === 'truncation' ? { finishReason: 'length' as const } : {}) };
  }

  /** Damages one turn (or not, by the rate) and records what was done. */
  damage(turn: Turn): Turn {
    if (this.#random() >= this.#rate) {
      this.damages.push(undefined);
      return turn;
    }
    const order = shuffled(this.#random, this.#kinds);
    for (const kind of order) {
      const damaged = applyDamage(kind, turn, this.#random);
      if (damaged) {
        this.damages.push(kind);
        return damaged;
      }
    }
    this.damages.push(undefined);
    return turn;
  }

  async *#stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
    let text = '';
    const toolCalls: ModelToolCall[] = [];
    let finish: Extract<ModelStreamPart, { type: 'finish' }> | undefined;
    for await (const part of this.#inner.stream?.(request) ?? []) {
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'tool-call') toolCalls.push(part.toolCall);
      else finish = part;
    }
    const damaged = this.damage({ text, toolCalls });
    for await (const chunk of paced(splitChunks(damaged.text, this.#chunkSize), request.signal)) yield { type: 'text-delta', text: chunk };
    for (const toolCall of damaged.toolCalls) yield { type: 'tool-call', toolCall };
    const ended = finish ?? { type: 'finish', finishReason: 'stop', usage: { inputTokens: 0, outputTokens: 0 } };
    // A cut output is what a model gives when it hits its token limit: say so, as providers do.
    yield this.lastDamage === 'truncation' ? { ...ended, finishReason: 'length' } : ended;
  }
}
