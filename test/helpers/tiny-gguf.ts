/**
 * Writes a tiny random-weight GGUF model (llama architecture, a few hundred KB) that llama.cpp
 * loads and runs like any other: a byte-level BPE vocabulary trained here on a small text (every
 * byte is a token, so any text can be written), a ChatML chat template, F32 tensors.
 *
 * Random weights write nonsense; one hidden dimension is held constant through the network so that
 * the output matrix gives each token a fixed bias: the tokens that close a value or a line (quotes,
 * brackets, `|`, `<`, newline, end of turn) are likely, so outputs stay short. Deterministic: the
 * same options write the same bytes.
 */
import { writeFileSync } from 'node:fs';

export interface TinyGgufOptions {
  /** BPE merges learned on the training text. @default 400 */
  merges?: number;
  /** Hidden size. @default 32 */
  embedding?: number;
  /** Transformer blocks. @default 2 */
  blocks?: number;
  /** Context length written in the metadata. @default 8192 */
  contextLength?: number;
  /** Seed of the weights. @default 1 */
  seed?: number;
}

const examples = [
  { action: 'call_tool', tool: 'read_file', args: { path: '/tmp/notes.txt' }, reason: 'to read it' },
  { action: 'answer_user', answer: 'The answer is 5.' },
  { action: 'ask_user', question: 'Which file?', why: 'I need it' },
  {
    status: 'REQUIRES_ACTION',
    thoughts: [{ type: 'PLAN', content: 'add them' }],
    actions: [{ action: 'add', type: 'tool', params: { a: 2, b: 3 } }],
    final_response: '',
  },
  {
    status: 'SUCCESS_FINAL',
    thoughts: [],
    actions: [{ action: 'send_response', type: 'output', params: { text: 'five' } }],
    final_response: '',
  },
  { status: 'REQUIRES_CLARIFICATION', thoughts: [], actions: [{ action: 'request_user_input', type: 'workflow_control', params: { query_to_user: 'Which?', context: '' } }], final_response: '' },
];
/** The text the vocabulary is learned on: the shapes of reins' protocols, compact and indented. */
const trainingText = [
  ...examples.flatMap((example) => [JSON.stringify(example), JSON.stringify(example, null, 4), JSON.stringify(example, null, '\t')]),
  'FUNCTION_CALL: add|2|3 ASK_USER: what do you mean?|unclear FINAL_ANSWER: the result is 5',
  '<tool_code>\n<name>list_directory</name>\n<parameters>\n{"path": "."}\n</parameters>\n</tool_code> <final_answer>\nfive\n</final_answer>',
  'What is 2+3? The sum of two and three is five. Please tell me which tool to use for the question, then answer the user.',
].join('\n');

/** GPT-2's byte-to-character table: printable bytes stand for themselves, the rest move to U+0100 and up. */
function byteCharacters(): string[] {
  const table: string[] = [];
  let next = 256;
  for (let byte = 0; byte < 256; byte++) {
    const printable = (byte >= 33 && byte <= 126) || (byte >= 161 && byte <= 172) || (byte >= 174 && byte <= 255);
    table[byte] = String.fromCodePoint(printable ? byte : next++);
  }
  return table;
}

/** Byte-level BPE on `text`: the 256 byte tokens, then `count` merges of the most frequent pair. */
function trainBpe(text: string, count: number): { tokens: string[]; merges: string[] } {
  const table = byteCharacters();
  const words = text.match(/ ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+/gu) ?? [];
  const pieces = words.map((word) => [...Buffer.from(word, 'utf8')].map((byte) => table[byte] as string));
  const tokens = [...table];
  const merges: string[] = [];
  for (let round = 0; round < count; round++) {
    const pairs = new Map<string, number>();
    for (const word of pieces) {
      for (let index = 0; index + 1 < word.length; index++) {
        const pair = `${word[index]} ${word[index + 1]}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
      }
    }
    const best = [...pairs.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
    if (!best) break;
    const [left, right] = best[0].split(' ') as [string, string];
    merges.push(best[0]);
    tokens.push(left + right);
    for (const word of pieces) {
      for (let index = 0; index + 1 < word.length; index++) {
        if (word[index] === left && word[index + 1] === right) word.splice(index, 2, left + right);
      }
    }
  }
  return { tokens, merges };
}

/** mulberry32: a small seeded generator, uniform in [-1, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), state | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return (((value ^ (value >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
}

type MetadataValue = { u32: number } | { f32: number } | { str: string } | { strings: string[] } | { i32s: number[] };

class GgufBuffer {
  readonly parts: Buffer[] = [];
  u32(value: number) {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.parts.push(buffer);
  }
  u64(value: number) {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.parts.push(buffer);
  }
  string(value: string) {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.parts.push(bytes);
  }
  value(value: MetadataValue) {
    if ('u32' in value) return (this.u32(4), this.u32(value.u32));
    if ('f32' in value) {
      this.u32(6);
      const buffer = Buffer.alloc(4);
      buffer.writeFloatLE(value.f32);
      return this.parts.push(buffer);
    }
    if ('str' in value) return (this.u32(8), this.string(value.str));
    this.u32(9);
    if ('strings' in value) {
      this.u32(8);
      this.u64(value.strings.length);
      for (const item of value.strings) this.string(item);
      return;
    }
    this.u32(5);
    this.u64(value.i32s.length);
    const buffer = Buffer.alloc(4 * value.i32s.length);
    value.i32s.forEach((item, index) => buffer.writeInt32LE(item, index * 4));
    this.parts.push(buffer);
  }
  get length() {
    return this.parts.reduce((sum, part) => sum + part.length, 0);
  }
}

const chatTemplate =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** The model file's bytes. */
export function tinyGguf(options: TinyGgufOptions = {}): Buffer {
  const embedding = options.embedding ?? 32;
  const blocks = options.blocks ?? 2;
  const heads = 4;
  const kvHeads = 2;
  const feedForward = embedding * 2;
  const kvWidth = (embedding / heads) * kvHeads;
  const { tokens, merges } = trainBpe(trainingText, options.merges ?? 400);
  const specials = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'];
  const vocabulary = [...tokens, ...specials];
  const types = [...tokens.map(() => 1), ...specials.map(() => 3)];
  const endOfTurn = vocabulary.indexOf('<|im_end|>');
  const table = byteCharacters();
  const closers = new Set(['"', '|', '<'].map((char) => table[char.charCodeAt(0)] as string));

  const metadata: [string, MetadataValue][] = [
    ['general.architecture', { str: 'llama' }],
    ['general.name', { str: 'reins-tiny-random' }],
    ['general.alignment', { u32: 32 }],
    ['llama.context_length', { u32: options.contextLength ?? 8192 }],
    ['llama.embedding_length', { u32: embedding }],
    ['llama.block_count', { u32: blocks }],
    ['llama.feed_forward_length', { u32: feedForward }],
    ['llama.attention.head_count', { u32: heads }],
    ['llama.attention.head_count_kv', { u32: kvHeads }],
    ['llama.rope.dimension_count', { u32: embedding / heads }],
    ['llama.attention.layer_norm_rms_epsilon', { f32: 1e-5 }],
    ['llama.vocab_size', { u32: vocabulary.length }],
    ['tokenizer.ggml.model', { str: 'gpt2' }],
    ['tokenizer.ggml.pre', { str: 'default' }],
    ['tokenizer.ggml.tokens', { strings: vocabulary }],
    ['tokenizer.ggml.token_type', { i32s: types }],
    ['tokenizer.ggml.merges', { strings: merges }],
    ['tokenizer.ggml.bos_token_id', { u32: vocabulary.indexOf('<|endoftext|>') }],
    ['tokenizer.ggml.eos_token_id', { u32: endOfTurn }],
    ['tokenizer.ggml.padding_token_id', { u32: vocabulary.indexOf('<|endoftext|>') }],
    ['tokenizer.ggml.add_bos_token', { u32: 0 }],
    ['tokenizer.chat_template', { str: chatTemplate }],
  ];
  // add_bos_token is a bool in llama.cpp: written below as type 7.

  const next = random(options.seed ?? 1);
  const outputScale = 0.1;
  const closerBias = 3;
  const matrix = (rows: number, columns: number, scale: number, row0?: (row: number) => number) => {
    const data = new Float32Array(rows * columns);
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) data[row * columns + column] = next() * scale;
    }
    if (row0) for (let row = 0; row < rows; row++) data[row * columns] = row0(row);
    return data;
  };
  const zeroRow0 = (data: Float32Array, columns: number) => {
    data.fill(0, 0, columns);
    return data;
  };
  const ones = (length: number) => new Float32Array(length).fill(1);
  const n = vocabulary.length;
  // [name, dims (ggml order: columns first), data]
  const tensors: [string, number[], Float32Array][] = [
    ['token_embd.weight', [embedding, n], matrix(n, embedding, 1, () => 8)],
    ['output_norm.weight', [embedding], ones(embedding)],
    ['output.weight', [embedding, n], matrix(n, embedding, outputScale, (row) => (row === endOfTurn || closers.has(vocabulary[row] as string) ? closerBias : 0))],
  ];
  for (let block = 0; block < blocks; block++) {
    const name = (part: string) => `blk.${block}.${part}.weight`;
    tensors.push(
      [name('attn_norm'), [embedding], ones(embedding)],
      [name('attn_q'), [embedding, embedding], matrix(embedding, embedding, 0.5)],
      [name('attn_k'), [embedding, kvWidth], matrix(kvWidth, embedding, 0.5)],
      [name('attn_v'), [embedding, kvWidth], matrix(kvWidth, embedding, 0.5)],
      [name('attn_output'), [embedding, embedding], zeroRow0(matrix(embedding, embedding, 0.3), embedding)],
      [name('ffn_norm'), [embedding], ones(embedding)],
      [name('ffn_gate'), [embedding, feedForward], matrix(feedForward, embedding, 0.5)],
      [name('ffn_up'), [embedding, feedForward], matrix(feedForward, embedding, 0.5)],
      [name('ffn_down'), [feedForward, embedding], zeroRow0(matrix(embedding, feedForward, 0.3), feedForward)],
    );
  }

  const header = new GgufBuffer();
  header.parts.push(Buffer.from('GGUF', 'ascii'));
  header.u32(3);
  header.u64(tensors.length);
  header.u64(metadata.length);
  for (const [key, value] of metadata) {
    header.string(key);
    if (key === 'tokenizer.ggml.add_bos_token') {
      header.u32(7);
      header.parts.push(Buffer.from([0]));
    } else header.value(value);
  }
  let offset = 0;
  const align = (value: number) => Math.ceil(value / 32) * 32;
  for (const [name, dims, data] of tensors) {
    header.string(name);
    header.u32(dims.length);
    for (const dim of dims) header.u64(dim);
    header.u32(0); // F32
    header.u64(offset);
    offset = align(offset + data.byteLength);
  }
  const body: Buffer[] = [...header.parts, Buffer.alloc(align(header.length) - header.length)];
  for (const [, , data] of tensors) {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    body.push(bytes, Buffer.alloc(align(bytes.length) - bytes.length));
  }
  return Buffer.concat(body);
}

/** Writes the tiny model to `path` and returns the path. */
export function writeTinyGguf(path: string, options: TinyGgufOptions = {}): string {
  writeFileSync(path, tinyGguf(options));
  return path;
}
