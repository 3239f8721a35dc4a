/**
 * Reads a compact tool list (src/protocols/compact-tool-list.ts) back into what it states, the way
 * a model must read it: tool names and descriptions, each parameter's name, optional mark, type,
 * default and description, and the nested parameters' descriptions. The tests compare what it
 * reads with the schemas the list was made from, so a fact the list drops or garbles fails them.
 */

export type ReadType =
  | { kind: 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'any' | 'object' }
  | { kind: 'array'; items: ReadType }
  | { kind: 'record'; fields: ReadField[] }
  | { kind: 'literals'; values: unknown[] }
  | { kind: 'union'; members: ReadType[] };

export interface ReadField {
  name: string;
  optional: boolean;
  type: ReadType;
  fallback?: { value: unknown };
  description?: string;
}

export interface ReadTool {
  name: string;
  description?: string;
  params: ReadField[];
  /** `path: description` lines of nested parameters, by path (`a.b`, `a[].b`). */
  nested: Record<string, string>;
}

/** The json / envelope notation (`name(a, b?: T): description`) or line's (`name|a|b?: T - description`). */
export interface ListNotation {
  or: string;
  line: boolean;
}

class Scanner {
  position = 0;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  at(token: string): boolean {
    return this.text.startsWith(token, this.position);
  }
  take(token: string): boolean {
    if (!this.at(token)) return false;
    this.position += token.length;
    return true;
  }
  expect(token: string): void {
    if (!this.take(token)) throw new Error(`expected ${JSON.stringify(token)} at ${this.position} of ${JSON.stringify(this.text)}`);
  }
  match(pattern: RegExp): string {
    const found = new RegExp(pattern.source, 'y');
    found.lastIndex = this.position;
    const result = found.exec(this.text);
    if (!result) throw new Error(`expected ${pattern} at ${this.position} of ${JSON.stringify(this.text)}`);
    this.position += result[0].length;
    return result[0];
  }
  get done(): boolean {
    return this.position >= this.text.length;
  }
  /** One JSON value (a literal or a default). */
  json(): unknown {
    const start = this.position;
    if (this.at('"')) this.match(/"(?:[^"\\]|\\.)*"/);
    else if (this.at('[') || this.at('{')) {
      let depth = 0;
      do {
        if (this.at('"')) this.match(/"(?:[^"\\]|\\.)*"/);
        else {
          const char = this.text[this.position++];
          if (char === '[' || char === '{') depth += 1;
          if (char === ']' || char === '}') depth -= 1;
        }
      } while (depth > 0 && !this.done);
    } else this.match(/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/);
    return JSON.parse(this.text.slice(start, this.position));
  }
}

function readUnion(scanner: Scanner, notation: ListNotation): ReadType {
  const members = [readPostfix(scanner, notation)];
  while (scanner.take(notation.or)) members.push(readPostfix(scanner, notation));
  if (members.length === 1) return members[0]!;
  if (members.every((member) => member.kind === 'literals')) return { kind: 'literals', values: members.flatMap((member) => (member as { values: unknown[] }).values) };
  return { kind: 'union', members };
}

function readPostfix(scanner: Scanner, notation: ListNotation): ReadType {
  let type = readPrimary(scanner, notation);
  while (scanner.take('[]')) type = { kind: 'array', items: type };
  return type;
}

function readPrimary(scanner: Scanner, notation: ListNotation): ReadType {
  if (scanner.take('(')) {
    const inner = readUnion(scanner, notation);
    scanner.expect(')');
    return inner;
  }
  if (scanner.take('{')) {
    const fields: ReadField[] = [];
    while (!scanner.take('}')) {
      if (fields.length > 0) scanner.expect(', ');
      fields.push(readField(scanner, notation));
    }
    return { kind: 'record', fields };
  }
  if (/^["\d-]|^true|^false/.test(scanner.text.slice(scanner.position))) return { kind: 'literals', values: [scanner.json()] };
  const name = scanner.match(/string|number|integer|boolean|null|any|object/);
  return { kind: name as 'string' };
}

/** `name?: type = default`; no type written means a string. */
export function readField(scanner: Scanner, notation: ListNotation): ReadField {
  const name = scanner.match(/[\w$-]+/);
  const optional = scanner.take('?');
  const type: ReadType = scanner.take(': ') ? readUnion(scanner, notation) : { kind: 'string' };
  const field: ReadField = { name, optional, type };
  if (scanner.take(' = ')) field.fallback = { value: scanner.json() };
  return field;
}

function readToolLine(line: string, notation: ListNotation): ReadTool {
  const scanner = new Scanner(line);
  scanner.expect('- ');
  const name = scanner.match(notation.line ? /[^|\s]+/ : /[^(:\s]+/);
  const params: ReadField[] = [];
  if (notation.line) {
    while (scanner.take('|')) params.push(readField(scanner, notation));
  } else if (scanner.take('(')) {
    while (!scanner.take(')')) {
      if (params.length > 0) scanner.expect(', ');
      params.push(readField(scanner, notation));
    }
  }
  const description = scanner.take(notation.line ? ' - ' : ': ') ? scanner.text.slice(scanner.position) : undefined;
  if (description === undefined && !scanner.done) throw new Error(`unread text in ${JSON.stringify(line)}`);
  return { name, ...(description === undefined ? {} : { description }), params, nested: {} };
}

export function readToolList(text: string, notation: ListNotation): ReadTool[] {
  const tools: ReadTool[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('- ')) {
      tools.push(readToolLine(line, notation));
      continue;
    }
    const tool = tools.at(-1);
    if (!tool || !line.startsWith(' ') || line.startsWith('  ')) throw new Error(`not a line of the list: ${JSON.stringify(line)}`);
    const nested = /^ ([\w$-]+(?:\[\])?(?:\.[\w$-]+(?:\[\])?)+): (.*)$/.exec(line);
    if (nested) {
      tool.nested[nested[1]!] = nested[2]!;
      continue;
    }
    const scanner = new Scanner(line.slice(1));
    const field = readField(scanner, notation);
    if (scanner.take(' - ')) field.description = scanner.text.slice(scanner.position);
    else if (!scanner.done) throw new Error(`unread text in ${JSON.stringify(line)}`);
    tool.params.push(field);
  }
  return tools;
}
