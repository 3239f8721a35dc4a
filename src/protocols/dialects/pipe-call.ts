/**
 * node-llama-cpp's default function-call syntax, used by its general and Llama 3 chat wrappers and by
 * any wrapper that keeps the defaults: `||call: get_time({"hours": "24"})`, the arguments one JSON
 * value between the parentheses (`||call: get_date()` for none). Models prompted with it write it
 * after a sentence as often as alone, and several calls follow each other.
 *
 * Every marker outside Markdown code is read, so a call is never left in an answer: its name, `(`,
 * one JSON value read with the one guard (`readJson`) and `)`. A call cut off before its `)` (or its
 * JSON never closed) is a correction, never a call with what was written so far; so is anything else
 * after the marker. The words around the calls are the reply's prose, checked like any
 * (`stray-prose.ts`).
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { isRecord, readJson } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';

const dialect = 'pipe-call';
const marker = '||call:';
/** The name and the opening parenthesis after a marker. */
const head = /[ \t]*([A-Za-z_][\w.-]*)[ \t]*\(\s*/y;
const close = /\s*\)/y;

function cutOff(name: string): Reading {
  const shown = sanitizeName(name);
  return { ...failedReading(dialect, { kind: 'invalid-json', message: `the \`||call: ${shown}(..)\` call is cut off: write its JSON arguments and the closing \`)\``, toolName: shown }), conclusive: true };
}

export const pipeCallReader: DialectReader = {
  dialect,
  needs: '|',
  read(text, { tools }): Reading | undefined {
    if (!text.includes(marker)) return undefined;
    const code = text.includes('`') ? codeRanges(text) : [];
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    for (let start = text.indexOf(marker); start >= 0; start = text.indexOf(marker, start + marker.length)) {
      if (isInCode(code, start)) continue;
      head.lastIndex = start + marker.length;
      const named = head.exec(text);
      if (!named) return { ...failedReading(dialect, { kind: 'no-decision', message: '`||call:` must be followed by a tool name and its arguments in parentheses: `||call: name({"key": "value"})`' }), conclusive: true };
      const name = named[1] as string;
      let at = head.lastIndex;
      let args: unknown = {};
      if (text[at] !== ')') {
        const end = text[at] === '{' || text[at] === '[' ? closingBracketIndex(text, at) : -1;
        if (end < 0) return cutOff(name);
        const json = readJson(text.slice(at, end));
        const shown = sanitizeName(name);
        if (!json.ok) return { ...failedReading(dialect, { kind: 'invalid-json', message: `arguments of \`${shown}\`: ${json.message}`, toolName: shown }), conclusive: true };
        if (!isRecord(json.value)) return { ...failedReading(dialect, { kind: 'invalid-args', message: `the arguments of \`${shown}\` must be one JSON object`, toolName: shown }), conclusive: true };
        repaired ||= json.repaired;
        args = json.value;
        at = end;
      }
      close.lastIndex = at;
      if (!close.exec(text)) return cutOff(name);
      items.push(callItem(name, args, tools));
      spans.push([start, close.lastIndex]);
      start = close.lastIndex - marker.length;
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
