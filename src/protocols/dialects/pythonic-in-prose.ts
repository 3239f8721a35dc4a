/**
 * A pythonic call list amid prose (`Checking now: [get_weather(city="Oslo")]`), as Llama 4 and Llama
 * 3.2 write it after a sentence and as sgl-model-gateway's and sglang's pythonic readers find it: read
 * where the list stands apart from the words around it (space or the text's edge on both sides), is
 * closed by its `]`, and calls only offered tools. A list in Markdown code, a blockquote or a list item
 * is talk about a call, and one naming a tool not offered stays prose (the call-attempt check still
 * corrects a list that names an offered tool but is not read), except a list that is its line's only
 * content after a label (`API-Request: [DeleteAccount(token='x')]`, as API-Bank prompts for it): no
 * prose is written so, and a whole reply written so is a call already, so it is read and its unknown
 * tool corrected, never returned as the answer. The prose around the list is the reply's prose, checked for
 * other call attempts like any (`stray-prose.ts`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { type PythonCall, readPythonCallsAt } from './python-literal.ts';

/** A list opening after space or the text's start, its first call's name right after `[`. */
const listStart = /(?<!\S)\[\s*[A-Za-z_][\w.-]*\s*\(/g;
/** What may follow a list's `]`: space, the text's end, or a sentence's punctuation. */
const listEnd = /^(?:\s|$|[.,;:!?](?:\s|$))/;
/** A line quoted or listed in Markdown (`> `, `- `, `* `, `1. `): what it shows is an example, never run. */
const quotedLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

/** An optional label ending in a colon (`API-Request:`, `Call:`), alone before a list on its line. */
const lineLabel = /^[ \t]*(?:[A-Za-z][\w -]{0,30}:[ \t]*)?$/;

/** Whether the list from `start` to `end` is its line's only content, after an optional label. */
function standsAlone(text: string, start: number, end: number): boolean {
  const lineEnd = text.indexOf('\n', end);
  return lineLabel.test(text.slice(text.lastIndexOf('\n', start - 1) + 1, start)) && text.slice(end, lineEnd < 0 ? text.length : lineEnd).trim() === '';
}

/** Whether the line holding `index` is a blockquote or a list item. */
function inQuotedLine(text: string, index: number): boolean {
  return quotedLine.test(text.slice(text.lastIndexOf('\n', index - 1) + 1, index + 1));
}

export function pythonicListsInProse(text: string, tools: readonly ToolSpec[]): { calls: PythonCall[]; spans: Array<readonly [number, number]> } | undefined {
  if (!text.includes('[')) return undefined;
  const offered = new Set(tools.map((tool) => tool.name));
  const code = codeRanges(text);
  const calls: PythonCall[] = [];
  const spans: Array<readonly [number, number]> = [];
  for (const match of text.matchAll(listStart)) {
    const start = match.index;
    if ((spans.at(-1)?.[1] ?? -1) > start || isInCode(code, start) || inQuotedLine(text, start)) continue;
    const read = readPythonCallsAt(text, start);
    if (!read || text[read.end - 1] !== ']' || !listEnd.test(text.slice(read.end))) continue;
    if (!read.calls.every((call) => offered.has(call.name)) && !standsAlone(text, start, read.end)) continue;
    calls.push(...read.calls);
    spans.push([start, read.end]);
  }
  return calls.length ? { calls, spans } : undefined;
}
