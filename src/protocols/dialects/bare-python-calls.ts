/**
 * Python-style calls of offered tools written without the list brackets of Llama's pythonic format,
 * one call ending its line, as GUI and computer-use agents write their actions (UI-TARS and Qwen-VL
 * agents' `click(x=500, y=300)`, AutoGLM's `do(action="Tap", element=[1, 2])`, OpenAdapt's
 * `CLICK(x=0.5, y=0.3)`) and as SwiftAgentKit, mlc-llm and ToolSandbox read them:
 *
 *   click(x=500, y=300)                          the whole reply
 *   Thought: the start button.\nclick(x=24, y=980)   on a line of its own after prose or reasoning
 *   Action: type(text="hello")                   after a label (`Action:`, `Call:`, `Processing:`)
 *   I will tap it. do(action="Tap", element=[5, 9])  after a sentence's end on its line
 *   <answer>do(action="Home")</answer>           as the whole text of an element (one not named
 *                                                for a result: `<tool_result>` holds what was returned)
 *   <function-call>[a(x=1), b()]</function-call> a call list as the whole text of an element
 *
 * A call is read only where nothing but framing can be around it: it names an offered tool, passes
 * Python literals (`python-literal.ts`; positional values bound to the tool's declared parameters in
 * order, as Python binds them, `positional-arguments.ts`), is closed, and nothing but space (or the close of the element it opens in)
 * follows it on its line. Anywhere else (inside a sentence, in code quotes, in a blockquote or a
 * list item, after a JSON key) it is talk about a call or markup no reader maps, and the call-attempt
 * check corrects it (`find-call-attempt.ts`). The prose around the calls is checked like any reply's
 * (`stray-prose.ts`), so a second call written mid-sentence beside a read one is corrected, never dropped.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, escapeRegExp, lastToolList, type Reading } from '../reading.ts';
import { isResultElementName } from './call-named-element.ts';
import { type PythonCall, readPythonCallsAt } from './python-literal.ts';
import { bindPositional } from './positional-arguments.ts';

/** An offered tool's name right before `(`, not part of a longer name or a member access. */
const callStart = lastToolList((tools: readonly ToolSpec[]): RegExp | undefined => {
  const names = tools.map((tool) => tool.name).filter((name) => name !== '');
  return names.length ? new RegExp(`(?<![\\w.$-])(?:${names.map(escapeRegExp).join('|')})[ \\t]*\\(`, 'g') : undefined;
});

/**
 * What may stand before a call on its line: nothing, a short label ending in a colon, the end of a
 * sentence (a letter or digit, then `.`, `!`, `?` or `:`, also in their full-width forms), or an
 * element's opening tag (its name captured: the call must then close it).
 */
const linePrefix = /(?:^[ \t]*(?:[A-Za-z][\w -]{0,30}:[ \t]*)?|[\p{L}\p{N}][.!?:。！？：][ \t]*|<([A-Za-z_][\w-]{0,64})>[ \t]*(\[[ \t]*)?)$/u;

/** The longest text `linePrefix` can match: a label, a sentence's end or an element's opening tag, with space. */
const prefixWindow = 100;

/**
 * The text of the line before `start`, at most `prefixWindow` characters of it: the prefix is looked
 * for in a bounded window, so a long line of many call openings is read in one pass. A window cut
 * inside the line opens with a character no prefix starts with, so it never reads as the line's start.
 */
function lineBefore(text: string, lineStart: number, start: number): { window: string; offset: number } {
  const from = Math.max(lineStart, start - prefixWindow);
  // `offset`: where the window's first character stands in `text` (the added one stands before `from`).
  return from > lineStart ? { window: `\u0000${text.slice(from, start)}`, offset: from - 1 } : { window: text.slice(from, start), offset: from };
}

/** A line quoted or listed in Markdown (`> `, `- `, `* `, `1. `): what it shows is an example, never run. */
const quotedLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

export const barePythonCallsReader: DialectReader = {
  dialect: 'bare-pythonic',
  needs: '(',
  read(text, { tools }): Reading | undefined {
    const pattern = callStart(tools);
    if (!pattern) return undefined;
    const offered = new Map(tools.map((tool) => [tool.name, tool]));
    const code = text.includes('`') ? codeRanges(text) : [];
    const calls: PythonCall[] = [];
    const spans: Array<readonly [number, number]> = [];
    pattern.lastIndex = 0;
    // The start of the line holding the current match, found going forward (matches come in order).
    let lineStart = 0;
    let nextBreak = text.indexOf('\n');
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      while (nextBreak >= 0 && nextBreak < start) {
        lineStart = nextBreak + 1;
        nextBreak = text.indexOf('\n', lineStart);
      }
      if (start < (spans.at(-1)?.[1] ?? 0) || isInCode(code, start) || quotedLine.test(text.slice(lineStart, start + 1))) continue;
      const before = lineBefore(text, lineStart, start);
      const prefix = linePrefix.exec(before.window);
      // `<element>[a(..), b(..)]</element>`: a call list is the element's whole text, read from its `[`.
      const listOpen = prefix?.[2] === undefined ? start : start - prefix[2].length;
      const read = prefix ? readPythonCallsAt(text, listOpen, { positional: true }) : undefined;
      if (!prefix || !read || !read.calls.every((call) => offered.has(call.name))) continue;
      const bound = read.calls.map((call) => bindPositional(call, offered.get(call.name)));
      if (!bound.every((call): call is PythonCall => call !== undefined)) continue;
      const tag = prefix[1];
      // An element named for a result holds what a tool returned (the model made it up), never a call to run.
      if (tag !== undefined && isResultElementName(tag)) continue;
      // `name()` amid words is a tool mentioned (`Note: clock() is slow.`): without arguments a call ends the reply.
      const bare = bound.every((call) => Object.keys(call.args).length === 0);
      if (bare && /\S/.test(text.slice(read.end).replace(/^[ \t]*<\/[\w-]+>/, ''))) continue;
      const lineEnd = text.indexOf('\n', read.end);
      const rest = text.slice(read.end, lineEnd < 0 ? text.length : lineEnd);
      const closed = tag === undefined ? /^[ \t]*\r?$/.test(rest) : new RegExp(`^[ \\t]*</${escapeRegExp(tag)}>[ \\t]*\\r?$`).test(rest);
      if (!closed) continue;
      calls.push(...bound);
      spans.push([tag === undefined ? start : before.offset + prefix.index, read.end + rest.trimEnd().length]);
      pattern.lastIndex = read.end;
    }
    if (!calls.length) return undefined;
    return { dialect: 'bare-pythonic', items: calls.map((call) => callItem(call.name, call.args, tools)), thoughts: [], repaired: false, spans };
  },
};
