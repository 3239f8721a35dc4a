/**
 * Calls written as an offered tool's name followed by its JSON arguments, nothing between them but
 * space: `get_weather{"city": "Oslo"}`, or that object as the one argument of a script-style call,
 * `get_weather({"city": "Oslo"})`. The first is a Mistral call once a server drops the special
 * tokens around it (`[TOOL_CALLS]get_weather[ARGS]{..}` decoded without special tokens), and the
 * "bare name" form text-generation-webui reads for Mistral-like models; several calls follow each
 * other (`a{..}b{..}`, or one per line).
 *
 * Read when the reply opens with such calls, nothing but whitespace between them; prose may follow
 * on a new line or as a new sentence (`get_weather {"city": "Oslo"} I will check it.`, as thane's
 * text fallback reads it), the reply's prose, checked for other call attempts like any
 * (`stray-prose.ts`). Words continuing the call's line in lower case (`name({..}) and then wait`)
 * make it part of a sentence, talk about a call, never run. Such calls after
 * other text are never run on their own (`coverageOnly`): in prose the call-attempt check
 * refuses them, and beside a call in another dialect the coverage check does, unless they stand
 * inside that call's values; quoted as code they are talk about a call. Written right after a token or tag (`[TOOL_CALLS]name{..}`,
 * `>>>name{..}`, `functions.name`), the name belongs to that dialect's reader. The JSON is read with
 * the one guard (`readJson`), and a call whose object is never closed (the reply cut off) is a
 * correction, never a call with what was written so far.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, escapeRegExp, lastToolList, type Reading } from '../reading.ts';
import { jsonArgumentsAt } from './json-arguments-at.ts';
import { maskCode } from './mask-code.ts';

const dialect = 'name-then-json';

/** The longest offered name `text` holds at `at` (so `search_all` wins over `search`), or undefined. */
function nameAt(text: string, at: number, names: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const name of names) if (name !== '' && text.startsWith(name, at) && (found === undefined || name.length > found.length)) found = name;
  return found;
}

/** The index of the first character at or after `at` that is not whitespace. */
function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && /\s/.test(text[index] as string)) index++;
  return index;
}

/** An offered name right before a JSON object with a quoted key, not right after a token, tag or path. */
const embeddedCall = lastToolList((tools) => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  return names.length === 0 ? undefined : new RegExp(`(?<![\\w\\].>:|｜-])(${names.map(escapeRegExp).join('|')})[ \\t]*(?=\\{\\s*")`, 'g');
});

/** The calls written as `name{..}` amid other text (each JSON object complete and an object), for coverage only. */
function callsAmidText(text: string, tools: readonly ToolSpec[]): Reading | undefined {
  const pattern = embeddedCall(tools);
  if (!pattern) return undefined;
  const items: unknown[] = [];
  for (const match of maskCode(text).matchAll(pattern)) {
    const open = match.index + match[0].length;
    const end = closingBracketIndex(text, open);
    const json = end < 0 ? undefined : readJson(text.slice(open, end));
    if (json?.ok && isRecord(json.value)) items.push(callItem(match[1] ?? '', json.value, tools));
  }
  return items.length ? { dialect, items, thoughts: [], repaired: true, coverageOnly: true } : undefined;
}

/** The space between the last call and the prose after it, and the prose's first character: a new line, or a sentence's capital. */
const proseAfter = /^(?:[ \t]*\r?\n\s*[\s\S]|[ \t]+\p{Lu})$/u;

/**
 * Whether `prose` writes another call of this form (an offered name, then `{` or `({`, space between
 * allowed, outside code): prose holding one is no prose after the calls but a call after prose, so the
 * reply is refused as before, never read with that call dropped.
 */
function callInProse(prose: string, names: readonly string[]): boolean {
  const offered = names.filter((name) => name !== '').map(escapeRegExp);
  return offered.length > 0 && new RegExp(`(?<![\\w.-])(?:${offered.join('|')})\\s*\\(?\\s*\\{`).test(maskCode(prose));
}

export const nameThenJsonReader: DialectReader = {
  dialect,
  needs: '{', // the arguments are a JSON object
  read(input, { tools }): Reading | undefined {
    const text = input.trim();
    // Where `text` starts in `input`: the spans are offsets into the reply as given.
    const lead = input.length - input.trimStart().length;
    const names = tools.map((tool) => tool.name);
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    let at = 0;
    while (at < text.length) {
      const name = nameAt(text, at, names);
      const after = name === undefined ? -1 : skipSpace(text, at + name.length);
      // A call written like a script's, the object its one argument: `name({..})`.
      const inParens = text[after] === '(';
      const open = inParens ? skipSpace(text, after + 1) : after;
      if (name === undefined || text[open] !== '{') {
        // Prose after the opening calls, on a new line or opening a sentence: the calls end where it starts.
        const lastEnd = spans.at(-1)?.[1];
        if (lastEnd !== undefined && proseAfter.test(input.slice(lastEnd, lead + at + 1)) && !callInProse(text.slice(at), names)) {
          return { dialect, items, thoughts: [], repaired, spans };
        }
        return callsAmidText(text, tools);
      }
      const read = jsonArgumentsAt(dialect, text, open, name);
      if (!read.ok) return read.failure;
      const close = skipSpace(text, read.end);
      // Anything but the closing parenthesis after the object (a second argument, the reply cut off) is no such call.
      if (inParens && text[close] !== ')') return undefined;
      repaired ||= read.repaired;
      items.push(callItem(name, read.args, tools));
      const end = inParens ? close + 1 : read.end;
      spans.push([lead + at, lead + end]);
      at = skipSpace(text, end);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
