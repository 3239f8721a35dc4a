/**
 * Markdown indented code blocks set inside a reply's text: quoted examples, never calls. CommonMark's
 * rules decide where one starts: a line indented four columns or more (a tab reaches the next multiple
 * of four) at the start of the text or after a blank line (an indented line cannot interrupt a
 * paragraph), outside a fenced block, and not the continuation of a list item (inside one, a block
 * needs four columns more than the item's content). It runs over indented and blank lines and ends
 * before the first line indented less.
 *
 * Two places where models indent real calls are not quotations, and the corpora show both:
 * - indentation that runs to the end of the reply (a whole reply indented, or every line after a first
 *   sentence, as LangChain's and Cline's tests write calls): that is the reply's layout, not a block
 *   set apart from the text, as a fence around the whole reply is noise;
 * - a block inside call markup: after a line ending in a tag or token (`<tool_call>`,
 *   `<|START_ACTION|>`, `[TOOL_CALLS]`), inside a bracket left open (pretty-printed JSON with a blank
 *   line), or right before a closing tag or token (`</parameter>`, `<|END_ACTION|>`).
 */
import { codeRanges, type CodeRange } from './code-ranges.ts';

interface Line {
  start: number;
  end: number;
  indent: number;
  blank: boolean;
}

/** The column the line's first non-blank character reaches (tabs to the next multiple of four). */
function indentOf(line: string): number {
  let column = 0;
  for (const character of line) {
    if (character === ' ') column += 1;
    else if (character === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ start, end: start + line.length, indent: indentOf(line), blank: line.trim() === '' });
    start += line.length + 1;
  }
  return lines;
}

const listItem = /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;

/** The column where a list item's content starts (one past the marker when five or more spaces follow it). */
function contentColumn(line: string): number {
  const marker = /^([ \t]*)([-*+]|\d{1,9}[.)])/.exec(line);
  if (!marker) return 0;
  const markerEnd = indentOf(marker[1] ?? '') + (marker[2] ?? '').length;
  const rest = line.slice(marker[0].length);
  const gap = indentOf(rest);
  return rest.trim() === '' || gap > 4 ? markerEnd + 1 : markerEnd + gap;
}

/** True when line `at` (indented `indent`) continues a list item above it rather than opening a block. */
function continuesListItem(text: string, lines: readonly Line[], at: number, indent: number): boolean {
  let least = indent;
  for (let index = at - 1; index >= 0; index--) {
    const line = lines[index] as Line;
    if (line.blank) continue;
    const written = text.slice(line.start, line.end);
    if (listItem.test(written)) {
      if (least < contentColumn(written)) return false;
      return indent < contentColumn(written) + 4;
    }
    if (line.indent === 0) return false;
    least = Math.min(least, line.indent);
  }
  return false;
}

/** True when the text before `start` leaves a `{` or `[` open: the block is inside a value. */
function insideBracket(text: string, start: number): boolean {
  let depth = 0;
  for (let index = 0; index < start; index++) {
    const character = text[index];
    if (character === '{' || character === '[') depth += 1;
    else if ((character === '}' || character === ']') && depth > 0) depth -= 1;
  }
  return depth > 0;
}

/** True when the block between `before` (the last non-blank line above) and `after` (the line ending it) is inside call markup. */
function insideMarkup(text: string, block: CodeRange, before: Line | undefined, after: Line): boolean {
  if (before && /[>\]]\s*$/.test(text.slice(before.start, before.end))) return true;
  if (/^\s*(?:<\/|<\||<｜|\[\/)/.test(text.slice(after.start, after.end))) return true;
  return insideBracket(text, block[0]);
}

/** The indented code blocks of `text` that are quotations (see above). */
export function indentedBlocks(text: string): CodeRange[] {
  if (!/(?:^|\n)(?: {4}| {0,3}\t)/.test(text)) return [];
  // Lines inside a fenced block are code already (a fence opened four columns in is an indented line).
  const fences = text.includes('`') || text.includes('~') ? codeRanges(text) : [];
  const lines = linesOf(text);
  const fenced = (line: Line) => fences.some(([start, end]) => line.start >= start && line.start < end && indentOf(text.slice(start, end)) < 4);
  const blocks: CodeRange[] = [];
  let previous: Line | undefined;
  let afterBlank = true;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (line.blank) {
      afterBlank = true;
      continue;
    }
    const opens = afterBlank && line.indent >= 4 && !fenced(line) && !continuesListItem(text, lines, index, line.indent);
    afterBlank = false;
    if (!opens) {
      previous = line;
      continue;
    }
    let last = index;
    let next = index + 1;
    for (; next < lines.length; next++) {
      const following = lines[next] as Line;
      if (!following.blank && following.indent < 4) break;
      if (!following.blank) last = next;
    }
    const block: CodeRange = [line.start, (lines[last] as Line).end];
    const after = lines[next];
    // A block running to the end of the reply is its layout; one inside call markup is the call's.
    if (after && !insideMarkup(text, block, previous, after)) blocks.push(block);
    previous = lines[last];
    index = last;
  }
  return blocks;
}

/** A line without the special tokens (`<|start|>`, `<|call|>`) the normalizer adds or drops as framing. */
const withoutTokens = (line: string): string => line.replace(/<\|[^|<>\s]{0,40}\|>/g, '').trim();

/**
 * The indentation that trimming took from the reply's first line (`normalize-output.ts` trims the
 * reply), when the reply as sent began with that line: a block at the very start of a reply is one too.
 * The normalizer may add or drop framing tokens on the line (a header a template opened, an end token).
 */
export function trimmedIndent(raw: string, written: string): string {
  const first = raw.charCodeAt(0);
  if (first !== 0x20 && first !== 0x09 && first !== 0x0a && first !== 0x0d) return '';
  const leading = /^(?:[ \t]*\r?\n)*([ \t]+)([^\n]*)/.exec(raw);
  const line = withoutTokens(leading?.[2] ?? '');
  if (line === '' || written === '') return '';
  return withoutTokens(written.split('\n', 1)[0] ?? '').endsWith(line) ? (leading?.[1] ?? '') : '';
}
