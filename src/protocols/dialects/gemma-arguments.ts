/**
 * The argument syntax of Google's FunctionGemma and Gemma 4 tool calls: `{key:value,...}` with bare
 * keys, strings between a quote token (`<escape>` for FunctionGemma, `<|"|>` for Gemma 4) and taken
 * verbatim (no escapes: braces, commas, markup, CRLF all belong to the string), other values written
 * as JSON (numbers, `true`/`false`/`null`) or nested in the same syntax (`{..}`, `[..]`). A JSON
 * double-quoted string is read too. The end of the object is found by parsing it; nothing is
 * guessed: a key given twice or an object cut off is an error, and so is a bare word, a `'`-quoted
 * string or an unclosed quote token except where `gemma-loose-values.ts` finds one reading. One JSON
 * object inside the braces (`{{"n": 1}}`) is the arguments (`gemma-json-arguments.ts`).
 */
import { rawText, singleQuoted, unclosedString, type GemmaTokens, type LooseValue } from './gemma-loose-values.ts';
import { readWrappedJsonArguments } from './gemma-json-arguments.ts';

export type GemmaRead = { ok: true; value: Record<string, unknown>; end: number; /** A value was written without its quote tokens. */ repaired: boolean } | { ok: false; message: string };

export interface GemmaArgumentOptions {
  /** True for a top-level argument whose schema takes text only: it may be written raw. */
  isStringKey(key: string): boolean;
}

const jsonNumber = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const keyPattern = /[^\s:{}[\],<>"]+/y;
/** What may follow a value: after a literal, anything else makes it part of a raw text. */
const valueEnd = /\s*[,}\]]/y;
const maxDepth = 64;

class Failure extends Error {}

const shownKey = (key: string) => key.replace(/[^\w.-]/g, '').slice(0, 64) || '?';

class Cursor {
  index: number;
  repaired = false;
  readonly text: string;
  readonly quote: string;
  readonly tokens: GemmaTokens;
  readonly options: GemmaArgumentOptions;

  constructor(text: string, tokens: GemmaTokens, start: number, options: GemmaArgumentOptions) {
    this.text = text;
    this.tokens = tokens;
    this.quote = tokens.quote;
    this.options = options;
    this.index = start;
  }

  skipSpace(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index] ?? '')) this.index++;
  }

  fail(message: string): never {
    throw new Failure(this.index >= this.text.length ? `${message} (the call is cut off)` : message);
  }

  expect(char: string, what: string): void {
    this.skipSpace();
    if (this.text[this.index] !== char) this.fail(`expected ${what}`);
    this.index++;
  }

  sticky(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.index;
    const match = pattern.exec(this.text);
    if (!match) return undefined;
    this.index += match[0].length;
    return match[0];
  }

  /** Reads a loose value (`gemma-loose-values.ts`) or fails with its problem. */
  loose(read: LooseValue, what: string): string {
    if (!read.ok) return this.fail(`${what}: ${read.problem}; write strings between ${this.quote} tokens`);
    this.index = read.end;
    this.repaired = true;
    return read.value;
  }

  quoted(topLevel = false): string {
    const end = this.text.indexOf(this.quote, this.index + this.quote.length);
    if (end < 0 && topLevel) return this.loose(unclosedString(this.text, this.index + this.quote.length, this.tokens), `a string opened with ${this.quote} is not closed`);
    if (end < 0) this.fail(`a string opened with ${this.quote} is not closed`);
    const value = this.text.slice(this.index + this.quote.length, end);
    this.index = end + this.quote.length;
    return value;
  }

  jsonString(): string {
    let index = this.index + 1;
    for (; index < this.text.length && this.text[index] !== '"'; index++) if (this.text[index] === '\\') index++;
    if (index >= this.text.length) this.fail('a string opened with " is not closed');
    const literal = this.text.slice(this.index, index + 1);
    this.index = index + 1;
    try {
      return JSON.parse(literal) as string;
    } catch {
      return this.fail('a "-quoted string is not valid JSON');
    }
  }

  key(): string {
    this.skipSpace();
    if (this.text.startsWith(this.quote, this.index)) return this.quoted();
    if (this.text[this.index] === '"') return this.jsonString();
    return this.sticky(keyPattern) ?? this.fail('expected a key');
  }

  /** A JSON number, `true`, `false` or `null` at the cursor (moved past it), or undefined (not moved). */
  literal(): { value: unknown } | undefined {
    const start = this.index;
    const number = this.sticky(jsonNumber);
    if (number !== undefined && !/[\w.]/.test(this.text[this.index] ?? '')) return { value: Number(number) };
    this.index = start;
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.index) && !/\w/.test(this.text[this.index + word.length] ?? '')) {
        this.index += word.length;
        return { value: literal };
      }
    }
    return undefined;
  }

  value(key: string, depth: number): unknown {
    if (depth > maxDepth) this.fail('values are nested too deeply');
    const start = this.index;
    this.skipSpace();
    const char = this.text[this.index];
    const topLevel = depth === 0;
    if (this.text.startsWith(this.quote, this.index)) return this.quoted(topLevel);
    if (char === '"') return this.jsonString();
    if (char === "'") return this.loose(singleQuoted(this.text, this.index, this.tokens), `the value of \`${shownKey(key)}\` is not readable`);
    if (char === '{') return this.object(depth + 1);
    if (char === '[') return this.list(key, depth + 1);
    const literal = this.literal();
    valueEnd.lastIndex = this.index;
    if (literal !== undefined && valueEnd.test(this.text)) return literal.value;
    const unreadable = `the value of \`${shownKey(key)}\` is not readable`;
    if (topLevel && this.options.isStringKey(key)) return this.loose(rawText(this.text, start, this.tokens), unreadable);
    // Not text: the object reports what follows the literal.
    if (literal !== undefined) return literal.value;
    return this.fail(`${unreadable}: write strings between ${this.quote} tokens`);
  }

  list(key: string, depth: number): unknown[] {
    this.index++;
    const items: unknown[] = [];
    this.skipSpace();
    if (this.text[this.index] === ']') {
      this.index++;
      return items;
    }
    for (;;) {
      items.push(this.value(key, depth));
      this.skipSpace();
      const char = this.text[this.index];
      this.index++;
      if (char === ']') return items;
      if (char !== ',') this.fail(`expected , or ] in the list of \`${key}\``);
    }
  }

  object(depth: number): Record<string, unknown> {
    this.index++;
    const value: Record<string, unknown> = {};
    this.skipSpace();
    if (this.text[this.index] === '}') {
      this.index++;
      return value;
    }
    for (;;) {
      const key = this.key();
      if (Object.hasOwn(value, key)) this.fail(`\`${key.replace(/[^\w.-]/g, '').slice(0, 64)}\` is given twice`);
      this.expect(':', `: after the key \`${key.replace(/[^\w.-]/g, '').slice(0, 64)}\``);
      Object.defineProperty(value, key, { value: this.value(key, depth), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      const char = this.text[this.index];
      this.index++;
      if (char === '}') return swallowedKeyChecked(value, this);
      if (char !== ',') this.fail('expected , or } between arguments');
    }
  }
}

/** `..,key:` at a string value's end: the separator and the next key, as they stand between two arguments. */
const keyAtEnd = /,\s*([\w.-]{1,64})\s*:\s*$/;

/**
 * An object one of whose string values ends in `,key:` where `key` is another of its keys: a quote
 * token went missing there, so the value took in the next argument's key, and that key's value was
 * written again after it (`a:<q>x`,b:<q>,b:<q>y<q>`). Which text belongs to which argument is a guess
 * (a parser that cuts the value at `,b:` repairs it), so the call is corrected, as a key given twice is.
 */
function swallowedKeyChecked(value: Record<string, unknown>, cursor: { fail(message: string): never }): Record<string, unknown> {
  for (const [key, item] of Object.entries(value)) {
    const next = typeof item === 'string' ? keyAtEnd.exec(item)?.[1] : undefined;
    if (next !== undefined && next !== key && Object.hasOwn(value, next)) {
      cursor.fail(`the value of \`${key.replace(/[^\w.-]/g, '').slice(0, 64)}\` ends in ,${next.replace(/[^\w.-]/g, '')}: (a quote token is missing before it), and \`${next.replace(/[^\w.-]/g, '')}\` is given after it`);
    }
  }
  return value;
}

/** Reads the argument object opening at `start` (a `{`), with the family's `tokens`. */
export function readGemmaArguments(text: string, start: number, tokens: GemmaTokens, options: GemmaArgumentOptions): GemmaRead {
  const wrapped = readWrappedJsonArguments(text, start);
  if (wrapped) return wrapped;
  const cursor = new Cursor(text, tokens, start, options);
  try {
    if (text[start] !== '{') cursor.fail('expected { after the tool name');
    const value = cursor.object(0);
    return { ok: true, value, end: cursor.index, repaired: cursor.repaired };
  } catch (error) {
    if (error instanceof Failure) return { ok: false, message: error.message };
    throw error;
  }
}
