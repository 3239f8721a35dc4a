/**
 * A small, safe reader of Python call syntax as models write it for tool calls (pythonic calls of
 * Llama 4, LFM2, Olmo 3): `[f(a=1, b="x"), g()]`. It reads literals only — strings (single, double,
 * triple quoted, with escapes), numbers, `True`/`False`/`None` (and their JSON spellings), lists,
 * tuples and dicts — and never evaluates anything. Positional arguments are read only when the
 * caller asks (`{ positional: true }`) and then binds them to names itself (`positional-arguments.ts`);
 * otherwise a call holding one is no call (no names).
 */

export interface PythonCall {
  name: string;
  args: Record<string, unknown>;
  /** The positional values, in order, before any keyword (read only when asked for). */
  positional?: unknown[];
}

/** What the reader accepts. */
export interface PythonCallOptions {
  /**
   * Read positional values into `positional` (Python's order: all before the first keyword).
   * @default false
   */
  positional?: boolean;
}

const maxDepth = 64;
const identifier = /[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*/y;
/** A called tool's name: an identifier, or a tool name with hyphens (`add-note`, common among MCP tools). */
const callName = /[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*/y;
const numberPattern = /[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/y;
const keywords: Record<string, unknown> = { True: true, False: false, None: null, true: true, false: false, null: null };
const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', '\\': '\\', "'": "'", '"': '"', '\n': '' };

class Cursor {
  index = 0;
  depth = 0;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  skipSpace(): void {
    while (this.index < this.text.length && /\s/.test(this.text[this.index] ?? '')) this.index++;
  }
  peek(): string {
    this.skipSpace();
    return this.text[this.index] ?? '';
  }
  take(char: string): boolean {
    if (this.peek() !== char) return false;
    this.index++;
    return true;
  }
  match(pattern: RegExp): string | undefined {
    this.skipSpace();
    pattern.lastIndex = this.index;
    const found = pattern.exec(this.text)?.[0];
    if (found !== undefined) this.index += found.length;
    return found;
  }
}

class SyntaxFailure extends Error {}

/** Sets an own property, even `__proto__`, the way `JSON.parse` does. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
const fail = (): never => {
  throw new SyntaxFailure();
};

function readString(cursor: Cursor): string {
  const prefix = cursor.match(/[rRuUbB]{0,2}(?=['"])/y) ?? '';
  const raw = /[rR]/.test(prefix);
  const { text } = cursor;
  const first = text[cursor.index] ?? '';
  const quote = text.startsWith(first.repeat(3), cursor.index) ? first.repeat(3) : first;
  cursor.index += quote.length;
  let value = '';
  while (cursor.index < text.length) {
    if (text.startsWith(quote, cursor.index)) {
      cursor.index += quote.length;
      return value;
    }
    const char = text[cursor.index] ?? '';
    if (char === '\\' && !raw) {
      const next = text[cursor.index + 1] ?? '';
      const hex = /^(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4}))/.exec(text.slice(cursor.index + 1));
      if (hex) {
        value += String.fromCharCode(parseInt(hex[1] ?? hex[2] ?? '0', 16));
        cursor.index += 1 + hex[0].length;
        continue;
      }
      value += escapes[next] ?? `\\${next}`;
      cursor.index += 2;
      continue;
    }
    if (char === '\n' && quote.length === 1) fail();
    value += char;
    cursor.index++;
  }
  return fail();
}

function readItems(cursor: Cursor, close: string, readItem: () => void): void {
  while (!cursor.take(close)) {
    readItem();
    if (!cursor.take(',') && cursor.peek() !== close) fail();
  }
}

function readValue(cursor: Cursor): unknown {
  if (++cursor.depth > maxDepth) fail();
  try {
    const char = cursor.peek();
    if (char === '[' || char === '(') {
      cursor.index++;
      const list: unknown[] = [];
      readItems(cursor, char === '[' ? ']' : ')', () => list.push(readValue(cursor)));
      return list;
    }
    if (char === '{') {
      cursor.index++;
      const object: Record<string, unknown> = {};
      readItems(cursor, '}', () => {
        const key = readValue(cursor);
        if (typeof key !== 'string' && typeof key !== 'number') fail();
        if (!cursor.take(':')) fail();
        // A key written twice has two values: which one is meant is a guess (as with JSON, `duplicate-keys.ts`).
        if (Object.hasOwn(object, String(key))) fail();
        setOwn(object, String(key), readValue(cursor));
      });
      return object;
    }
    if (/^[rRuUbB]{0,2}['"]/.test(cursor.text.slice(cursor.index, cursor.index + 3))) return readString(cursor);
    const number = cursor.match(numberPattern);
    if (number !== undefined) return Number(number.replace(/_/g, ''));
    const word = cursor.match(identifier);
    if (word !== undefined && word in keywords) return keywords[word];
    return fail();
  } finally {
    cursor.depth--;
  }
}

function readCall(cursor: Cursor, options: PythonCallOptions): PythonCall {
  const name = cursor.match(callName) ?? fail();
  if (!cursor.take('(')) fail();
  const args: Record<string, unknown> = {};
  const positional: unknown[] = [];
  readItems(cursor, ')', () => {
    const at = cursor.index;
    const key = cursor.match(/[A-Za-z_]\w*/y);
    if (key !== undefined && cursor.take('=')) {
      if (Object.hasOwn(args, key)) fail(); // Python refuses a keyword argument repeated
      setOwn(args, key, readValue(cursor));
      return;
    }
    // A positional value: only where asked for, and never after a keyword (Python refuses that order).
    if (!options.positional || Object.keys(args).length > 0) fail();
    cursor.index = at;
    positional.push(readValue(cursor));
  });
  return positional.length > 0 ? { name, args, positional } : { name, args };
}

/**
 * Reads calls starting at `start`: `[call, call]`, or calls separated by commas or newlines without
 * brackets. Returns the calls and the index where they end (text may follow), or undefined.
 */
export function readPythonCallsAt(text: string, start: number, options: PythonCallOptions = {}): { calls: PythonCall[]; end: number } | undefined {
  const cursor = new Cursor(text);
  cursor.index = start;
  try {
    const bracketed = cursor.take('[');
    const calls: PythonCall[] = [];
    for (;;) {
      calls.push(readCall(cursor, options));
      const after = cursor.index;
      // A comma after the last call of a list is Python's own trailing comma (`[f(a=1), g(),]`).
      if (cursor.take(',')) {
        if (bracketed && cursor.peek() === ']') break;
        continue;
      }
      const next = cursor.peek();
      const onNewLine = cursor.text.slice(after, cursor.index).includes('\n');
      cursor.index = after;
      if (!onNewLine || next === '' || next === ']' || !/[A-Za-z_]/.test(next)) break;
      cursor.skipSpace();
    }
    if (bracketed && !cursor.take(']')) return undefined;
    return { calls, end: cursor.index };
  } catch (error) {
    if (error instanceof SyntaxFailure || error instanceof RangeError) return undefined;
    throw error;
  }
}

/**
 * Reads `text` as a whole: `[call, call]`, or calls separated by commas or newlines without brackets.
 * Returns undefined unless the entire text is calls (surrounding whitespace allowed).
 */
export function readPythonCalls(text: string): PythonCall[] | undefined {
  const read = readPythonCallsAt(text, 0);
  return read && text.slice(read.end).trim() === '' ? read.calls : undefined;
}
