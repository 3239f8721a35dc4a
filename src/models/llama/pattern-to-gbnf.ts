/**
 * Compiles an OutputPattern (the protocol's reply shape, `model.ts`) into one GBNF grammar. JSON
 * parts are node-llama-cpp's own JSON-schema grammars (`createGrammarForJsonSchema`), embedded with
 * their rule names prefixed; literals, free text, sequences and choices are written here.
 */
import type { Llama } from 'node-llama-cpp';
import type { OutputPattern } from '../../spec/model.ts';
import { toGbnfJsonSchema } from './to-gbnf-json-schema.ts';

/** The suffix node-llama-cpp's JSON grammars end with (their stop trigger), removed when embedded. */
const jsonRootSuffix = ' "\\n\\n\\n\\n" [\\n]*';

export function gbnfLiteral(text: string): string {
  return `"${text.replace(/[\\"]/g, (char) => `\\${char}`).replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

/** Characters inside `[...]`: control characters as `\xHH`, the class's own syntax escaped. */
function classChars(chars: string): string {
  return [...chars]
    .map((char) => {
      const code = char.codePointAt(0) as number;
      if (code < 0x20 || code === 0x7f) return `\\x${code.toString(16).padStart(2, '0')}`;
      return /[\]\\^-]/.test(char) ? `\\${char}` : char;
    })
    .join('');
}

/** Renames every rule a GBNF text defines (outside string literals and character classes). */
export function prefixRules(gbnf: string, prefix: string): string {
  const names = new Set([...gbnf.matchAll(/^([A-Za-z0-9_-]+) ::=/gm)].map((match) => match[1] as string));
  let out = '';
  let index = 0;
  while (index < gbnf.length) {
    const char = gbnf[index] as string;
    if (char === '"' || char === '[') {
      const close = char === '"' ? '"' : ']';
      let end = index + 1;
      while (end < gbnf.length && gbnf[end] !== close) end += gbnf[end] === '\\' ? 2 : 1;
      out += gbnf.slice(index, end + 1);
      index = end + 1;
    } else if (/[A-Za-z0-9_-]/.test(char)) {
      let end = index;
      while (end < gbnf.length && /[A-Za-z0-9_-]/.test(gbnf[end] as string)) end++;
      const word = gbnf.slice(index, end);
      out += names.has(word) ? `${prefix}${word}` : word;
      index = end;
    } else {
      out += char;
      index++;
    }
  }
  return out;
}

/**
 * node-llama-cpp's number rules allow 16-digit exponents: `1e999999` is Infinity, which no JSON
 * carries and reins refuses. Exponents are bounded to two digits; integers lose theirs (below).
 */
const unboundedExponent = '[eE] [-+]? ("0" | [1-9] [0-9]{0,15})';
const integerDigits = '("0" | [1-9] [0-9]{0,15})';
function boundExponents(gbnf: string): string {
  return gbnf
    .split('\n')
    .map((line) =>
      // Integers are written without exponent, in at most 15 digits: always safe integers (what zod's
      // `int()` and most tool schemas bound them to).
      /^\S*integer-number-rule ::=/.test(line)
        ? line.split(` (${unboundedExponent})?`).join('').split(integerDigits).join('("0" | [1-9] [0-9]{0,14})')
        : line.split(unboundedExponent).join('[eE] [-+]? [0-9]{1,2}'),
    )
    .join('\n');
}

/** Replaces newline character classes outside string literals by a space (a JSON value on one line). */
function singleLine(gbnf: string): string {
  return gbnf.replace(/("(?:[^"\\]|\\.)*")|\[\\n\]/g, (match, literal: string | undefined) => literal ?? '[ ]');
}

export async function patternToGbnf(llama: Llama, pattern: OutputPattern): Promise<string> {
  const rules: string[] = [];
  let count = 0;
  const compile = async (part: OutputPattern, lineBound: boolean): Promise<string> => {
    switch (part.kind) {
      case 'literal':
        return gbnfLiteral(part.text);
      case 'text': {
        const exclude = classChars(part.exclude ?? '');
        const rest = `[^${exclude === '' ? '\\x00' : exclude}]`;
        // At least one character that is not blank, so a trimmed reader still sees text.
        return (part.minLength ?? 0) > 0 ? `[^${exclude} \\x09\\x0a] ${rest}*` : `${rest}*`;
      }
      case 'sequence':
        return `(${(await Promise.all(part.items.map((item) => compile(item, lineBound)))).join(' ')})`;
      case 'choice':
        return `(${(await Promise.all(part.options.map((option) => compile(option, lineBound)))).join(' | ')})`;
      case 'optional':
        return `(${await compile(part.item, lineBound)})?`;
      case 'json': {
        const prefix = `j${count++}-`;
        const grammar = await llama.createGrammarForJsonSchema(toGbnfJsonSchema(part.schema) as never);
        let text = prefixRules(grammar.grammar, prefix).replace(`${prefix}root ::=`, `${prefix}value ::=`);
        const rootLine = text.split('\n').find((line) => line.startsWith(`${prefix}value ::=`)) ?? '';
        if (rootLine.endsWith(jsonRootSuffix)) text = text.replace(rootLine, rootLine.slice(0, -jsonRootSuffix.length));
        text = boundExponents(text);
        rules.push(part.singleLine ? singleLine(text) : text);
        return `${prefix}value`;
      }
    }
  };
  const root = await compile(pattern, false);
  return [`root ::= ${root}`, ...rules].join('\n');
}
