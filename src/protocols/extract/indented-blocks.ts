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

/** The change in `{`/`[` depth that `text` from `from` to `to` makes, starting at `depth` (never below 0). */
function bracketDepth(text: string, from: number, to: number, depth: number): number {
  let open = depth;
  for (let index = from; index < to; index++) {
    const character = text[index];
    if (character === '{' || character === '[') open += 1;
    else if ((character === '}' || character === ']') && open > 0) open -= 1;
  }
  return open;
}

/** True when the block between `before` (the last non-blank line above) and `after` (the line ending it) sits in call markup by its neighbours. */
function besideMarkup(text: string, before: Line | undefined, after: Line): boolean {
  if (before && /[>\]]\s*$/.test(text.slice(before.start, before.end))) return true;
  return /^\s*(?:<\/|<\||<｜|\[\/)/.test(text.slice(after.start, after.end));
}

/**
 * The indented code blocks of `text` that are quotations (see above). One pass over the lines, with
 * the list item they are in, the fence they are in and the bracket depth before them carried along,
 * so a reply of many blocks costs time linear in its length.
 */
export function indentedBlocks(text: string): CodeRange[] {
  if (!/(?:^|\n)(?: {4}| {0,3}\t)/.test(text)) return [];
  // Lines inside a fenced block are code already; a fence line indented four columns or more is no
  // fence but a line of an indented block.
  const fences = (text.includes('`') || text.includes('~') ? codeRanges(text) : []).filter(([start]) => indentOf(text.slice(start, start + 8)) < 4);
  const lines = linesOf(text);
  const blocks: CodeRange[] = [];
  let fence = 0;
  let depth = 0;
  let scanned = 0;
  // The content column of the list item the lines are in, if any.
  let item: number | undefined;
  let previous: Line | undefined;
  let afterBlank = true;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as Line;
    if (line.blank) {
      afterBlank = true;
      continue;
    }
    const written = text.slice(line.start, line.end);
    if (listItem.test(written)) item = contentColumn(written);
    else if (item !== undefined && line.indent < item) item = undefined;
    while (fence < fences.length && (fences[fence] as CodeRange)[1] <= line.start) fence += 1;
    const inFence = fence < fences.length && (fences[fence] as CodeRange)[0] <= line.start;
    // Inside a list item a block needs four columns past the item's content; less is its paragraph.
    const opens = afterBlank && !inFence && line.indent >= (item ?? 0) + 4;
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
    depth = bracketDepth(text, scanned, line.start, depth);
    scanned = line.start;
    const after = lines[next];
    // A block running to the end of the reply is its layout; one inside call markup is the call's.
    if (after && depth === 0 && !besideMarkup(text, previous, after)) blocks.push([line.start, (lines[last] as Line).end]);
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
  const rawLine = (leading?.[2] ?? '').trim();
  if (rawLine === '' || written === '') return '';
  const firstLine = written.split('\n', 1)[0] ?? '';
  const line = withoutTokens(rawLine);
  // A line of tokens alone (`<|tool_call_start|>`) is compared as written: nothing is left without them.
  const same = line === '' ? firstLine.trim() === rawLine : withoutTokens(firstLine).endsWith(line);
  return same ? (leading?.[1] ?? '') : '';
}
