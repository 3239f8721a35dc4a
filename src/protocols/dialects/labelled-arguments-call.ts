/**
 * A call written on a line of its own as the tool's name and its arguments labelled `key: value` in
 * parentheses, the values plain text, as agents prompted for "Tool call: name (key: value, ..)" write
 * them (vadiminshakov/autonomy's text tool calls) and as Swift and Kotlin write labelled arguments:
 *
 *   Tool call: write_file (path: notes.txt, content: Hello World)
 *   read_file(path: main.go)
 *   search(query: "go test -v ./...")
 *
 * Read only where the labels leave no doubt: the line holds nothing but an optional short label
 * (`Tool call:`), an offered tool's name, `(` and `)` closing the line; the text in the parentheses
 * opens with one of the tool's declared parameters and a colon, and every value runs to the next
 * `, key:` naming another declared parameter or to the closing `)`. A value is its text as written
 * (one quoted string is the string it spells), typed by its property's declared type where one is
 * declared. A key written twice, an empty value or a label that is no declared parameter leaves the
 * line unread: the call-attempt check corrects it, never a guess of where a value ends. Python's
 * `key=value` calls are `bare-python-calls.ts`'s; a line quoted or listed in Markdown, or in code, is
 * an example, never run. The prose around the calls is the reply's, checked like any (`stray-prose.ts`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, escapeRegExp, type Reading } from '../reading.ts';
import { parameterValue, quotedString } from './xml-parameters.ts';

const dialect = 'labelled-arguments';

/** A line quoted or listed in Markdown (`> `, `- `, `1. `): what it shows is an example, never run. */
const quotedLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

/** An optional short label, then a name, then parentheses closing the line: name and inside captured. */
const callLine = /^[ \t]*(?:[A-Za-z][\w -]{0,30}:[ \t]*)?([\w.-]+)[ \t]*\((.*)\)[ \t]*\r?$/;

/** The declared properties of `tool`, by name. */
function declaredProperties(tool: ToolSpec): Record<string, unknown> {
  const properties = (tool.inputSchema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? (properties as Record<string, unknown>) : {};
}

/**
 * A value as written: one quoted string is the string it spells; otherwise its text, typed by the
 * property's declared type (`coerceText`). A property declaring no type keeps the text, as the agents
 * writing this form read it (`limit: 3` for `{}` stays "3").
 */
function valueOf(written: string, schema: unknown): unknown {
  const quoted = quotedString(written);
  if (quoted !== undefined) return quoted;
  const declared = typeof schema === 'object' && schema !== null && 'type' in schema;
  return declared ? parameterValue(written, schema) : written;
}

/** The arguments `inside` labels with `parameters`, or undefined where a label is missing, repeated or a value empty. */
function labelledArguments(inside: string, properties: Record<string, unknown>): Record<string, unknown> | undefined {
  const parameters = Object.keys(properties).filter((key) => key !== '');
  if (parameters.length === 0) return undefined;
  // Longer names first, so `path_to` is never read as `path`.
  const names = [...parameters].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
  const label = new RegExp(`(?:^|,)[ \\t]*(${names})[ \\t]*:(?!:)`, 'g');
  const found = [...inside.matchAll(label)];
  // The first label opens the parentheses: no text stands before it unlabelled.
  if (found[0]?.index !== 0) return undefined;
  const args: Record<string, unknown> = {};
  for (const [index, match] of found.entries()) {
    const key = match[1] as string;
    const end = found[index + 1]?.index ?? inside.length;
    const value = inside.slice(match.index + match[0].length, end).trim();
    if (value === '' || key in args) return undefined;
    args[key] = valueOf(value, properties[key]);
  }
  return args;
}

export const labelledArgumentsCallReader: DialectReader = {
  dialect,
  needs: '(',
  read(text, { tools }): Reading | undefined {
    if (!text.includes(':')) return undefined;
    const offered = new Map(tools.map((tool) => [tool.name, tool]));
    const code = text.includes('`') ? codeRanges(text) : [];
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let lineStart = 0;
    for (const line of text.split('\n')) {
      const start = lineStart;
      lineStart += line.length + 1;
      const match = callLine.exec(line);
      const tool = match ? offered.get(match[1] as string) : undefined;
      if (!match || !tool || quotedLine.test(line) || isInCode(code, start + match.index)) continue;
      const inside = match[2] as string;
      // Python's `key=value`, JSON objects and a bare `name()` are other readers'; here every argument is labelled `key:`.
      if (!/^[ \t]*[\w-]+[ \t]*:(?!:)/.test(inside)) continue;
      const args = labelledArguments(inside, declaredProperties(tool));
      if (!args) continue;
      items.push(callItem(tool.name, args, tools));
      spans.push([start, start + line.trimEnd().length]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired: false, spans } : undefined;
  },
};
