/**
 * Evidence, from a broken-json record's input and expected value alone, that the expected value is the
 * repair library's guess rather than what the model wrote: then a refusal (a correction asking to
 * resend) is a right reading of the record, and an accepted value other than the expected one is still
 * a misread. Each check names what the library did; none looks at reins. The checks:
 * - it filled a missing value: the expected value holds more nulls, or empty strings, than the input
 *   spells (`"b": }` read as `""`);
 * - it chose where a string ends: the input has an odd number of double quotes;
 * - it dropped text the model wrote: a word inside the input's brackets (outside a comment) is neither
 *   a key nor in a value of the expected value (`{"a": 1, NOTE "b": 2}`, `"x" true}`);
 * - it moved structure: the input opens another number of lists and objects than the expected value
 *   holds (`["a"], ["b"]` joined, `[]{..}` dropped), or a bracket closes the whole value while more
 *   follows (`{"a": 1}, "b": 2}`: a stray `}`, or a `{` missing?);
 * - it read unquoted text holding `,` `/` `(` or brackets as one string (`1/3`, `105,12`: a number, a
 *   list, or text?);
 * - it dropped the backslash of an invalid escape (`"a \„ b"`: a backslash, or nothing?);
 * - it dropped a raw line break right before a closing quote (part of the value, or layout?).
 */

/** Values and keys of a JSON value, depth first. */
function* walk(value: unknown): Generator<unknown> {
  yield value;
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    if (!Array.isArray(value)) yield key;
    yield* walk(item);
  }
}

const count = (value: unknown, test: (item: unknown) => boolean) => [...walk(value)].filter(test).length;
const stringsOf = (value: unknown) => [...walk(value)].filter((item): item is string => typeof item === 'string');

/** Quoted strings of a text (double or single quotes, escapes kept). */
const quoted = /"(?:[^"\\]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;

function filledValue(input: string, expected: unknown): string | undefined {
  const nulls = input.match(/\b(?:null|None|undefined)\b/g)?.length ?? 0;
  if (count(expected, (item) => item === null) > nulls) return 'the library filled a missing value with null';
  const empties = input.match(/""|''/g)?.length ?? 0;
  if (count(expected, (item) => item === '') > empties) return 'the library filled a missing value with an empty string';
  return undefined;
}

/** Words (identifiers, not parts of numbers) of a text. */
const words = (text: string) => text.match(/(?<![\p{L}\p{N}_])[\p{L}_][\p{L}\p{N}_]*/gu) ?? [];
/** A literal's spellings, lower case (`TRUE` read as true is a retyped value, not dropped text). */
const literalWords = (value: unknown) => (value === true ? ['true'] : value === false ? ['false'] : value === null ? ['null', 'none', 'undefined'] : []);

function droppedText(input: string, expected: unknown): string | undefined {
  const first = input.search(/[[{]/);
  const last = Math.max(input.lastIndexOf('}'), input.lastIndexOf(']'));
  if (first < 0 || last < first) return undefined;
  const inside = input
    .slice(first, last + 1)
    .replace(/\/\*[\s\S]*?\*\/|(?<=^|[\s,{[\]}:])\/\/[^\n]*/g, ' ')
    .replace(/\\u[0-9a-fA-F]{4}|\\./g, ' ');
  const known = new Set([...walk(expected)].flatMap((item) => (typeof item === 'string' ? words(item) : literalWords(item))));
  const dropped = words(inside).find((word) => !known.has(word) && !known.has(word.toLowerCase()));
  return dropped === undefined ? undefined : `the library dropped text the model wrote (\`${dropped}\`)`;
}

function movedStructure(input: string, expected: unknown): string | undefined {
  const bare = input.replace(quoted, '""');
  const first = bare.search(/[[{]/);
  if (first < 0) return undefined;
  let depth = 0;
  let openers = 0;
  for (let index = first; index < bare.length; index += 1) {
    const char = bare[index]!;
    if (char === '{' || char === '[') {
      depth += 1;
      openers += 1;
    } else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0 && /[}\]]/.test(bare.slice(index + 1))) return 'a bracket closes the value early while more follows (a stray closer, or an opener missing?)';
    }
  }
  const containers = count(expected, (item) => typeof item === 'object' && item !== null);
  return openers === containers ? undefined : 'the library added, dropped or joined brackets the model wrote';
}

/** True when `item` is written in `input` as a bare value (after `:`, `[` or `,`, not after a quote). */
function writtenBare(input: string, item: string): boolean {
  const at = input.indexOf(item);
  return at >= 0 && /[:[,]\s*$/.test(input.slice(0, at));
}

function unquotedText(input: string, expected: unknown): string | undefined {
  const text = stringsOf(expected).find((item) => /[,/(){}[\]]/.test(item) && writtenBare(input, item));
  return text === undefined ? undefined : `the library read unquoted text holding punctuation as one string (\`${text}\`: a number, a list, or text?)`;
}

function droppedBackslash(input: string, expected: unknown): string | undefined {
  const escapes = (input.match(quoted) ?? []).flatMap((string) => string.match(/(?<!\\)(?:\\\\)*\\[^"\\/bfnrtu'\n]/g) ?? []);
  const kept = stringsOf(expected).join('\n');
  const dropped = escapes.find((escape) => !kept.includes(`\\${escape.at(-1)}`));
  return dropped === undefined ? undefined : 'the library dropped the backslash of an invalid escape (a backslash, or nothing?)';
}

function droppedLineBreak(input: string, expected: unknown): string | undefined {
  if (!/\n[ \t]*"\s*[,}\]]/.test(input)) return undefined;
  return stringsOf(expected).some((item) => /\n[ \t]*$/.test(item)) ? undefined : 'the library dropped a raw line break before a closing quote (part of the value, or layout?)';
}

/** Why `expected` is the library's guess about `input`, or undefined. */
export function libraryGuess(input: string, expected: unknown): string | undefined {
  const quotes = input.replace(/\\./g, '').split('"').length - 1;
  if (quotes % 2 === 1) return filledValue(input, expected) ?? 'a string is never closed: the library guessed where it ends';
  return (
    filledValue(input, expected) ??
    droppedText(input, expected) ??
    unquotedText(input, expected) ??
    movedStructure(input, expected) ??
    droppedBackslash(input, expected) ??
    droppedLineBreak(input, expected)
  );
}
