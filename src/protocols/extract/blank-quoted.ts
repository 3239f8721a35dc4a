/**
 * Quoted text is prose in every dialect. Before any reader looks at a reply, its quotations are
 * blanked (every character but line breaks becomes a space), so a call shown there as an example is
 * neither run nor taken for an attempt: the fenced blocks inside a blockquote or a list item
 * (`quotedFences`), blockquotes with their lazy continuation lines (`blockquotes`), the Markdown indented code blocks set inside the text (`indentedBlocks`), and HTML
 * comments (`htmlComments`: never shown, never meant). Offsets stay those of the reply; the answer is
 * still the reply as written.
 */
import { blockquoteRanges } from './blockquotes.ts';
import { quotedFences, type CodeRange } from './code-ranges.ts';
import { htmlComments } from './html-comments.ts';
import { indentedBlocks } from './indented-blocks.ts';

/** False when `text` holds none of the characters a quotation starts with: most replies, read at once. */
// A line indented at all may be a quotation, so after a line break only unindented quote markers are
// looked for; the reply's first line is looked at on its own (`^` in the search would slow every scan).
// Most replies hold no fence, comment or line break at all: plain substring looks settle those.
const lineQuotation = /\n[ \t]|\n(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*>/;
const quoteFirst = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*>/;
const mayQuote = (text: string, leading: string): boolean =>
  leading !== '' ||
  text.includes('`') ||
  text.includes('~') ||
  text.includes('<!--') ||
  (text.includes('\n') && lineQuotation.test(text)) ||
  (text.includes('>') && quoteFirst.test(text));

/**
 * The quoted ranges of `text`, in order, none inside another. `leading` is the indentation trimmed from
 * its first line (`trimmedIndent`), so an indented block at the very start of the reply counts.
 */
export function quotedRanges(text: string, leading = ''): CodeRange[] {
  if (!mayQuote(text, leading)) return [];
  const indented = indentedBlocks(leading + text).map(([start, end]): CodeRange => [Math.max(0, start - leading.length), end - leading.length]);
  const ranges = [...quotedFences(text), ...blockquoteRanges(text), ...indented, ...htmlComments(text)].sort((left, right) => left[0] - right[0]);
  const outer: CodeRange[] = [];
  for (const range of ranges) {
    const last = outer.at(-1);
    if (last && range[0] < last[1]) outer[outer.length - 1] = [last[0], Math.max(last[1], range[1])];
    else outer.push(range);
  }
  return outer;
}

/** `text` with its quoted ranges blanked; the same string when it has none. */
export function blankQuoted(text: string, leading = ''): string {
  if (!mayQuote(text, leading)) return text;
  const ranges = quotedRanges(text, leading);
  if (ranges.length === 0) return text;
  let blanked = '';
  let from = 0;
  for (const [start, end] of ranges) {
    blanked += text.slice(from, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return blanked + text.slice(from);
}
