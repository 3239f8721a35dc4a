/**
 * Markdown blockquotes (`> ..`) in a reply: the model quoting someone (the user, a document, an
 * earlier tool result), so a call written there is shown, never meant. A quote line is a line whose
 * container prefix holds a `>` marker (up to three spaces, optionally inside list items: `- > `,
 * `> 1. `, `> > `). Two lines that open with `>` are no quotation in the formats models write:
 * Functionary's `>>>name` recipient line, and a merge conflict marker (`>>>>>>> REPLACE`, seven or
 * more), as in a diff a call carries.
 *
 * CommonMark's lazy continuation: a line without its own `>` right under a quoted paragraph line
 * continues that paragraph, so it is quoted too. A model may also have written a real call right
 * under a quote, so such lines are kept apart (`lazy`) for the caller to weigh: quoted, yet where they
 * hold a call both readings stand. A lazy run ends where CommonMark ends a paragraph (a blank line, a
 * fence, a heading, a thematic break, a list item, an HTML comment) and before a line opening with a
 * closing tag or token (`</parameter>`, `[/`, `<tool_call|>`, a token naming an end: `<|END_ACTION|>`,
 * `<｜tool▁call▁end｜>`): the quote was then inside a call's value, and the call goes on. A line opening
 * with any other token (`<|tool_call_start|>`) may open a call: it stays lazy, for the caller to weigh.
 */
import { codeRanges, type CodeRange } from './code-ranges.ts';

/** One blockquote: its lines with a `>` marker (`quoted`), and the lazy lines after them (`lazy`). */
export interface Blockquote {
  quoted: CodeRange;
  lazy?: CodeRange;
}

/** A line's container prefix holding a `>` marker; group 1 is the prefix, group 2 what follows. */
const quoteLine = /^((?:[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)*[ ]{0,3}>(?:[ \t]*>)*)(.*)$/;
const functionaryRecipient = /^[ \t]*>>>[ \t]*[A-Za-z_][\w.-]*[ \t]*$/;
const conflictMarker = /^[ \t]*>{7}/;
/** A line that ends a paragraph, so it cannot continue a quote lazily (CommonMark), or closes call markup. */
const endsParagraph = /^[ \t]*(?:$|`{3,}|~{3,}|#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$|(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|<!--|<\/|\[\/|<\w+\|>|<[|｜][^|｜<>\n]*(?:end|END|End|close)[^|｜<>\n]*[|｜]>)/;
/** Quote content after which a line cannot be lazy: blank (the quote's paragraph closed) or a fence. */
const closedContent = /^[ \t]*(?:$|`{3,}|~{3,})/;

/** True when `line` is a quote line as above. */
export function isQuoteLine(line: string): boolean {
  return quoteLine.test(line) && !functionaryRecipient.test(line) && !conflictMarker.test(line);
}

/**
 * Where the quote `[start, end)`, lazy lines included, holds a closing tag it never opened (`> the
 * last line</content>`): the quote is the end of a call's value, and the tag closes it, so the
 * quotation stops there.
 */
function closedOutside(text: string, start: number, end: number): number | undefined {
  const opened = new Set<string>();
  for (const tag of text.slice(start, end).matchAll(/<(\/?)([\w:.-]+)(?=[\s>=/])/g)) {
    const name = tag[2] ?? '';
    if (tag[1] === '') opened.add(name);
    else if (!opened.has(name)) return start + tag.index;
  }
  return undefined;
}

/** The blockquotes of `text`, in order. */
export function blockquotes(text: string): Blockquote[] {
  if (!text.includes('>')) return [];
  const quotes: Blockquote[] = [];
  let open: { start: number; end: number; lazyStart?: number; lazyEnd?: number; paragraph: boolean } | undefined;
  const mayClose = text.includes('</');
  const close = () => {
    if (!open) return;
    const { start, lazyStart } = open;
    const cut = mayClose ? closedOutside(text, start, open.lazyEnd ?? open.end) : undefined;
    const end = Math.min(open.end, cut ?? open.end);
    const lazyEnd = Math.min(open.lazyEnd ?? start, cut ?? text.length);
    quotes.push(lazyStart === undefined || lazyEnd <= lazyStart ? { quoted: [start, end] } : { quoted: [start, end], lazy: [lazyStart, lazyEnd] });
    open = undefined;
  };
  // A line inside fenced code is code: a `>>> ` prompt in a Python session shown, a fence's own quote.
  // Fences span lines; inline code never does (a lazy line may open with some).
  const fences = (text.includes('`') || text.includes('~') ? codeRanges(text) : []).filter(([from, to]) => text.slice(from, to).includes('\n'));
  let fence = 0;
  let start = 0;
  for (const line of text.split('\n')) {
    const end = start + line.length;
    while (fence < fences.length && (fences[fence] as CodeRange)[1] <= start) fence += 1;
    if (fence < fences.length && (fences[fence] as CodeRange)[0] <= start) close();
    else if (isQuoteLine(line) && open?.lazyStart === undefined) {
      const content = quoteLine.exec(line)?.[2] ?? '';
      if (open) open.end = end;
      else open = { start, end, paragraph: false };
      open.paragraph = !closedContent.test(content);
    } else if (isQuoteLine(line)) {
      // A quote line after lazy lines: a new quote (the lazy run ended the first one's lines).
      close();
      const content = quoteLine.exec(line)?.[2] ?? '';
      open = { start, end, paragraph: !closedContent.test(content) };
    } else if (open?.paragraph && !endsParagraph.test(line)) {
      open.lazyStart ??= start;
      open.lazyEnd = end;
    } else close();
    start = end + 1;
  }
  close();
  return quotes;
}

/**
 * The ranges `blockquotes` finds, quoted lines and lazy lines alike, in order: quotations to blank. A
 * quote of markers only (`>` as a spacer line) quotes nothing: left as written, its blank (a space or
 * two) is not taken for a quotation inside a value (`quoted-values.ts`).
 */
export function blockquoteRanges(text: string): CodeRange[] {
  return blockquotes(text)
    .map(({ quoted, lazy }): CodeRange => [quoted[0], lazy ? lazy[1] : quoted[1]])
    .filter(([start, end]) => !/^[\s>]*$/.test(text.slice(start, end)));
}
