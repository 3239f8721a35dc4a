/**
 * An action named on a labelled line, its arguments on labelled lines beside it, each label a
 * parameter the named tool declares (any case, spaces for underscores):
 *
 *   (Final Answer)
 *   ELEMENT: F
 *   ACTION: TYPE
 *   VALUE: wedding photographer
 *
 * as SeeAct's web agent answers (and android_world's port of it). The lines form one block closing
 * the reply, blank lines between them allowed: above the action line it runs over lines whose label
 * is a declared parameter, below it every line to the end must be one. The text before the block is
 * the model's thought. A label the tool does not declare holding only `None` (`null`, `N/A`) says
 * the action takes no such value, as SeeAct's format asks for a click (`VALUE: None`): it carries
 * nothing and is passed over. Nothing is guessed: any other label the tool does not declare below the
 * action, a label written twice, a required parameter with no line, or an action naming no offered tool leaves
 * the reply to the ReAct reader, which corrects the missing `Action Input:`. Values are typed by the
 * tool's schema (`collectParameters`).
 */
import { collectParameters } from '../../tools/collect-parameters.ts';
import { guardedCoercion } from '../extract/guarded-json.ts';
import { isRecord } from '../extract/read-json.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';

const dialect = 'labelled-argument-lines';
/** A labelled line: a label of words (emphasis around it allowed), a colon, its value on the same line. */
const labelledLine = /^[ \t]*[*_]{0,2}([A-Za-z][A-Za-z _]{0,40}?)[*_]{0,2}[ \t]*:[*_]{0,2}[ \t]*(.*?)[ \t]*$/;
/** A value that says there is none. */
const nothing = /^(?:none|null|n\/a)$/i;
/** The action's label. */
const actionWord = /^action$/i;

interface Line {
  start: number;
  label?: string;
  value?: string;
}

/** The reply's lines with where each starts and, for a labelled one, its label and value. */
function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    const match = labelledLine.exec(line.replace(/\r$/, ''));
    lines.push(match ? { start, label: match[1] ?? '', value: match[2] ?? '' } : { start });
    start += line.length + 1;
  }
  return lines;
}

/** The declared parameter a label names (`Element`, `VALUE`, `search term` -> `search_term`), or undefined. */
function parameterOf(label: string, declared: readonly string[]): string | undefined {
  const key = label.trim().toLowerCase().replace(/[ \t]+/g, '_');
  return declared.find((name) => name.toLowerCase() === key);
}

const isBlank = (line: Line, text: string, next: number): boolean => line.label === undefined && text.slice(line.start, next).trim() === '';

export const labelledArgumentLinesReader: DialectReader = {
  dialect,
  needs: ':',
  read(text, { tools }): Reading | undefined {
    const masked = maskCode(text);
    const lines = linesOf(masked);
    const ends = lines.map((_, index) => lines[index + 1]?.start ?? masked.length + 1);
    const at = lines.findLastIndex((line) => line.label !== undefined && actionWord.test(line.label.trim()));
    const action = lines[at];
    const name = action?.value?.replace(/^[`*_'"]+|[`*_'"]+$/g, '');
    const tool = name ? tools.find((candidate) => candidate.name === name) : undefined;
    const properties = isRecord(tool?.inputSchema.properties) ? Object.keys(tool.inputSchema.properties) : [];
    if (!action || !tool || properties.length === 0) return undefined;
    const found = new Map<string, string>();
    const take = (line: Line): boolean => {
      const key = line.label === undefined ? undefined : parameterOf(line.label, properties);
      // `VALUE: None` under a tool that declares no `value`: the format's own way to say there is none.
      if (key === undefined && line.label !== undefined && nothing.test(line.value ?? '')) return true;
      if (key === undefined || found.has(key)) return false;
      found.set(key, line.value ?? '');
      return true;
    };
    // Below the action: every line to the end a declared parameter's, or blank.
    for (let index = at + 1; index < lines.length; index++) {
      const line = lines[index] as Line;
      if (!isBlank(line, masked, ends[index] ?? 0) && !take(line)) return undefined;
    }
    // Above it: declared parameters' lines, blank ones between them, up to the first other line.
    let first = at;
    for (let index = at - 1; index >= 0; index--) {
      const line = lines[index] as Line;
      if (isBlank(line, masked, ends[index] ?? 0)) continue;
      if (!take(line)) break;
      first = index;
    }
    if (found.size === 0) return undefined;
    const required = Array.isArray(tool.inputSchema.required) ? tool.inputSchema.required : [];
    if (required.some((key) => typeof key === 'string' && !found.has(key))) return undefined;
    const args = collectParameters([...found].map(([key, value]) => ({ name: key, text: value })), tool.inputSchema, guardedCoercion);
    if (!args.ok) return failedReading(dialect, { kind: 'invalid-args', message: `arguments of \`${sanitizeName(tool.name)}\`: ${args.details.join('; ')}`, details: args.details, toolName: sanitizeName(tool.name) });
    const start = lines[first]?.start ?? 0;
    const before = text.slice(0, start).trim();
    return {
      dialect,
      items: [callItem(tool.name, args.args, tools)],
      thoughts: before === '' ? [] : [{ type: 'PLAN', content: before }],
      repaired: false,
      spans: [[start, text.length]],
    };
  },
};
