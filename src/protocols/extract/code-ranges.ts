/**
 * Where a reply holds code written as Markdown: fenced blocks (a line opening with three or more
 * backticks or tildes, at the top level or inside a blockquote or list item, closed by a like fence
 * or by the end of the text) and inline code spans (a run
 * of backticks closed by a run of the same length on the same line). A tool-call token inside code is
 * quoted, not called: a prose answer that shows `<tool_call>` in backticks is still an answer.
 */

import { labelsOutput } from './output-fence.ts';

/** Half-open `[start, end)` offsets into the text. */
export type CodeRange = readonly [start: number, end: number];

/**
 * A fence line, also inside a blockquote (`> ````) or a list item (`- ````, `1. ````, or indented
 * under one), nested in any order (`- > ````, `> 1. ````): quoted markup is prose wherever the
 * Markdown container puts it. Groups: the fence, and
 * what follows it on the line (a closing fence has nothing).
 */
const fenceLine = /^((?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])[ \t]))*[ \t]*)(`{3,}|~{3,})([^\n]*)$/gm;
/** A fence's prefix that puts it in a blockquote or a list item. */
const quotingPrefix = /^(?:[ \t]*>|[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t])/;
const listItemLine = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]/;

/** True when the fence line at `start` (prefix `prefix`) sits in a blockquote or list item: a marker, or indented under a list item line. */
function isQuoted(text: string, start: number, prefix: string): boolean {
  if (quotingPrefix.test(prefix)) return true;
  const indent = /^[ \t]*/.exec(prefix)?.[0].length ?? 0;
  if (indent < 2) return false;
  // The nearest line above with less indentation decides: a list item holds the fence.
  const lines = text.slice(0, start).split('\n').reverse();
  const parent = lines.find((line) => line.trim() !== '' && (/^[ \t]*/.exec(line)?.[0].length ?? 0) < indent);
  return parent !== undefined && listItemLine.test(parent);
}
const inlineSpan = /(?<!`)(`+)(?!`)[^\n]*?[^`\n](?<!`)\1(?!`)/g;

/**
 * What may follow a closing fence on its line: nothing, or closing tags only. A model that fences the
 * JSON inside a call writes the call's close right after the fence (Hunyuan: "```</tool_call>"); no
 * opening fence has a closing tag for its info string.
 */
const closesFence = (rest: string): boolean => /^(?:\s*<\/[\w:.-]+>)*\s*$/.test(rest);

function fencedBlocks(text: string, onlyQuoted = false): CodeRange[] {
  const ranges: CodeRange[] = [];
  let open: { start: number; fence: string; quoted: boolean } | undefined;
  for (const match of text.matchAll(fenceLine)) {
    const fence = match[2] ?? '';
    // A backtick fence's info string holds no backtick (CommonMark): ```json{..}``` is inline code.
    if (fence[0] === '`' && (match[3] ?? '').includes('`')) continue;
    if (!open) open = { start: match.index, fence, quoted: onlyQuoted && isQuoted(text, match.index, match[1] ?? '') };
    else if (fence[0] === open.fence[0] && fence.length >= open.fence.length && closesFence(match[3] ?? '')) {
      if (open.quoted || !onlyQuoted) ranges.push([open.start, match.index + match[0].length]);
      open = undefined;
    }
  }
  if (open && (open.quoted || !onlyQuoted)) ranges.push([open.start, text.length]);
  return ranges;
}

/** The fenced blocks inside a blockquote or a list item: quotations in every dialect, never read as calls. */
export function quotedFences(text: string): CodeRange[] {
  return text.includes('`') || text.includes('~') ? fencedBlocks(text, true) : [];
}

/** Every code range of `text`, in order. */
export function codeRanges(text: string): CodeRange[] {
  // Code is written with backticks or tildes: a text without either holds none.
  if (!text.includes('`') && !text.includes('~')) return [];
  const fences = fencedBlocks(text);
  const inFence = (index: number) => fences.some(([start, end]) => index >= start && index < end);
  const spans = [...text.matchAll(inlineSpan)]
    .filter((match) => !inFence(match.index))
    .map((match): CodeRange => [match.index, match.index + match[0].length]);
  return [...fences, ...spans].sort((left, right) => left[0] - right[0]);
}

/** True when `index` falls inside one of `ranges`. */
export function isInCode(ranges: readonly CodeRange[], index: number): boolean {
  return ranges.some(([start, end]) => index >= start && index < end);
}

/**
 * A predicate over the JSON spans of `text`: false for a span that is quoted, inside inline code or
 * inside a fenced block that holds more than that JSON (tags or prose around it: an example shown,
 * not a call). A fenced block holding only the JSON is the call itself: models fence their calls, and
 * lenient extraction reads them (DESIGN §4); not when its label says it holds output (`output-fence.ts`).
 */
/**
 * The text a fenced block holds (its fence lines dropped); for a "fence" written on one line around
 * the JSON (```json{..}```, inline code by Markdown's rules but a model fencing its call), the text
 * between its backtick runs, its info string dropped; undefined for other inline code.
 */
function fencedContent(text: string, [start, end]: CodeRange, isBlock: boolean): string | undefined {
  const code = text.slice(start, end);
  if (isBlock) return code.replace(/^[^\n]*\n?/, '').replace(/\n?[^\n]*$/, '');
  return code.startsWith('```') && code.endsWith('```') ? code.slice(3, -3).replace(/^[\w-]*/, '') : undefined;
}

export function unquotedJson(text: string): (span: { start: number; text: string }) => boolean {
  if (!text.includes('`') && !text.includes('~')) return () => true;
  const fences = fencedBlocks(text);
  const ranges = codeRanges(text);
  return (span) => {
    const range = ranges.find(([start, end]) => span.start >= start && span.start < end);
    if (!range) return true;
    const isBlock = fences.some(([start, end]) => start === range[0] && end === range[1]);
    // A block labelled as output shows what a tool returned (`output-fence.ts`).
    if (isBlock && labelsOutput(text.slice(range[0], range[1]).split('\n', 1)[0] ?? '')) return false;
    return fencedContent(text, range, isBlock)?.trim() === span.text.trim();
  };
}
