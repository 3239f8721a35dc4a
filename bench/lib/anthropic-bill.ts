/**
 * Billed input tokens of a run's requests under Anthropic's published prompt-caching rules: a
 * prefix is cached only up to a block the request marks (`cache_control`), and only once it holds
 * at least 1,024 tokens (Claude Sonnet and Opus); writing it costs 1.25x, reading it back 0.1x, the
 * rest 1x. A later request reads the longest prefix an earlier one wrote. Tokens are counted with
 * gpt-tokenizer (o200k_base) on the provider-format blocks: tools, system, each message.
 */
import { createHash } from 'node:crypto';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { countTokens } from 'gpt-tokenizer';

const minimumCached = 1024;
export const cacheWriteRate = 1.25;
export const cacheReadRate = 0.1;

export interface BilledRequest {
  input: number;
  cacheRead: number;
  cacheWrite: number;
  billed: number;
}

interface Block {
  text: string;
  marked: boolean;
}

/** The blocks of a provider call in Anthropic's order (tools, then system and messages). */
function blocksOf(options: LanguageModelV4CallOptions): Block[] {
  const blocks: Block[] = [];
  if (options.tools?.length) blocks.push({ text: JSON.stringify(options.tools), marked: false });
  for (const message of options.prompt) {
    blocks.push({ text: `${message.role}:${JSON.stringify(message.content)}`, marked: message.providerOptions?.anthropic?.cacheControl !== undefined });
  }
  return blocks;
}

/** One run's requests, billed in order against the cache the earlier ones wrote. */
export class AnthropicBill {
  readonly requests: BilledRequest[] = [];
  readonly #written = new Set<string>();
  readonly #tokens = new Map<string, number>();

  add(options: LanguageModelV4CallOptions): void {
    const blocks = blocksOf(options);
    const keys: string[] = [];
    const ends: number[] = [];
    let key = '';
    let total = 0;
    for (const block of blocks) {
      key = createHash('sha256').update(key).update(block.text).digest('hex');
      total += this.#count(block.text);
      keys.push(key);
      ends.push(total);
    }
    let lastMark = -1;
    blocks.forEach((block, index) => {
      if (block.marked && (ends[index] as number) >= minimumCached) lastMark = index;
    });
    let read = 0;
    let readAt = -1;
    for (let index = Math.min(lastMark, blocks.length - 1); index >= 0; index--) {
      if (this.#written.has(keys[index] as string)) {
        read = ends[index] as number;
        readAt = index;
        break;
      }
    }
    let write = 0;
    if (lastMark > readAt) {
      write = (ends[lastMark] as number) - read;
      blocks.forEach((block, index) => {
        if (block.marked && index > readAt && (ends[index] as number) >= minimumCached) this.#written.add(keys[index] as string);
      });
    }
    const billed = cacheReadRate * read + cacheWriteRate * write + (total - read - write);
    this.requests.push({ input: total, cacheRead: read, cacheWrite: write, billed });
  }

  get billed(): number {
    return Math.round(this.requests.reduce((sum, request) => sum + request.billed, 0));
  }

  get input(): number {
    return this.requests.reduce((sum, request) => sum + request.input, 0);
  }

  #count(text: string): number {
    let tokens = this.#tokens.get(text);
    if (tokens === undefined) {
      tokens = countTokens(text);
      this.#tokens.set(text, tokens);
    }
    return tokens;
  }
}
