/**
 * Gorilla OpenFunctions' list of call strings, as mlc-llm serves it: one JSON list whose every item
 * is a string holding one Python-style call, `["get_weather(city='Oslo')", "get_weather(city='Rome')"]`.
 * Each string is read by the pythonic call reader (literals only, keyword arguments only), and a list
 * is read only when every item is one call of an offered tool: a list of strings that merely mention
 * code stays prose. A list where some items are such calls and others are not is a correction, never
 * the calls it could read. Lists standing in prose are read too (the prose around them is checked as
 * any), except in Markdown code, a blockquote or a list item, where a list is an example.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { type PythonCall, readPythonCalls } from './python-literal.ts';

const dialect = 'call-strings';
/** A JSON list whose first item is a string. */
const listStart = /\[\s*"/g;
/** A line quoted or listed in Markdown (`> `, `- `, `* `, `1. `). */
const quotedLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

/** The calls of a list of call strings, `'mixed'` when only some items are calls, undefined when none is (or it is no such list). */
function listCalls(json: string, offered: ReadonlySet<string>): PythonCall[] | 'mixed' | undefined {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return undefined;
  const calls: PythonCall[] = [];
  for (const item of list as string[]) {
    const read = readPythonCalls(item);
    const only = read?.length === 1 ? read[0] : undefined;
    if (only && offered.has(only.name)) calls.push(only);
  }
  if (calls.length === 0) return undefined;
  return calls.length < list.length ? 'mixed' : calls;
}

function read(text: string, tools: readonly ToolSpec[]): Reading | undefined {
  const offered = new Set(tools.map((tool) => tool.name));
  const code = text.includes('`') ? codeRanges(text) : [];
  const items: unknown[] = [];
  const spans: Array<readonly [number, number]> = [];
  for (const match of text.matchAll(listStart)) {
    const start = match.index;
    if ((spans.at(-1)?.[1] ?? -1) > start || isInCode(code, start)) continue;
    if (quotedLine.test(text.slice(text.lastIndexOf('\n', start - 1) + 1, start + 1))) continue;
    const end = closingBracketIndex(text, start);
    const calls = end < 0 ? undefined : listCalls(text.slice(start, end), offered);
    if (calls === 'mixed') return failedReading(dialect, { kind: 'no-decision', message: 'the reply holds a list of call strings in which some item is no call of an offered tool: write each item as one call, `name(key=value)`' });
    if (!calls) continue;
    items.push(...calls.map((call) => callItem(call.name, call.args, tools)));
    spans.push([start, end]);
  }
  return items.length ? { dialect, items, thoughts: [], repaired: true, spans } : undefined;
}

export const callStringsReader: DialectReader = {
  dialect,
  needs: '[',
  read: (text, { tools }) => (text.includes('(') ? read(text, tools) : undefined),
};
