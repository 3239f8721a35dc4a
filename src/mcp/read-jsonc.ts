/**
 * Reads the text of an MCP config as JSONC, the JSON with comments and trailing commas that VS Code
 * writes (`.vscode/mcp.json`) and that Claude Desktop and Cursor files may hold too, with the
 * maintained `jsonc-parser` (VS Code's own). Plain JSON reads the same. A damaged file is refused with
 * the first error's line and column. The value is built from the parser's syntax tree with every key
 * defined as written: its own `parse` assigns keys, so a `__proto__` server would be lost.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export type JsoncReading = { ok: true; value: unknown } | { ok: false; message: string };

/** 1-based line and column of `offset` in `text`. */
function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** `CommaExpected` -> `comma expected`. */
function describe(code: ParseError['error']): string {
  return printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** The value of a node of the syntax tree; an object's keys are defined, never assigned. */
function valueOf(node: Node): unknown {
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  if (node.type !== 'object') return node.value;
  const object: Record<string, unknown> = {};
  for (const property of node.children ?? []) {
    const [key, value] = property.children ?? [];
    if (key === undefined || value === undefined) continue;
    Object.defineProperty(object, String(key.value), { value: valueOf(value), enumerable: true, writable: true, configurable: true });
  }
  return object;
}

export function readJsonc(text: string): JsoncReading {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  const [first] = errors;
  if (!first && tree) return { ok: true, value: valueOf(tree) };
  const { line, column } = position(text, first?.offset ?? text.length);
  return { ok: false, message: `${first ? describe(first.error) : 'value expected'} at line ${line}, column ${column}` };
}
