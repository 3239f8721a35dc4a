/**
 * Calls written as `@` and a tool's name at a line's start, an optional call id in parentheses, a
 * colon and the JSON arguments: `@save(call_1): {"path": "a.txt", "content": "hi"}` or
 * `@save: {..}`. This is the "tool" format agents such as gptme prompt models without native tool
 * calls to write; several calls follow each other, one per line.
 *
 * Read only when the whole reply is such calls with nothing but whitespace between them; amid prose
 * the call-attempt check refuses them when they name an offered tool (`find-call-attempt.ts`). A
 * call at a line's start is the format's own rule: `@name: {..}` inside a sentence is prose. The arguments are read as every
 * name-then-JSON form reads them (`json-arguments-at.ts`): cut off or unreadable is a correction.
 */
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { jsonArgumentsAt } from './json-arguments-at.ts';

const dialect = 'at-name-json';

/** `@name(id):` at a line's start before an opening brace. Groups: the name. */
const head = /^@([A-Za-z_][\w.-]*)(?:\([^()\n]*\))?[ \t]*:[ \t]*(?=\{)/;

export const atNameJsonReader: DialectReader = {
  dialect,
  needs: '@',
  read(input, { tools }): Reading | undefined {
    const text = input.trim();
    if (!text.startsWith('@')) return undefined;
    const items: unknown[] = [];
    let repaired = false;
    let rest = text;
    while (rest !== '') {
      const match = head.exec(rest);
      if (!match) return undefined;
      const name = match[1] ?? '';
      const read = jsonArgumentsAt(dialect, rest, match[0].length, name);
      if (!read.ok) return read.failure;
      repaired ||= read.repaired;
      items.push(callItem(name, read.args, tools));
      // Each call ends its line: text after it on the same line is no part of this format.
      const after = rest.slice(read.end);
      if (!/^[ \t]*(?:\r?\n|$)/.test(after)) return undefined;
      rest = after.trimStart();
    }
    return items.length ? { dialect, items, thoughts: [], repaired } : undefined;
  },
};
