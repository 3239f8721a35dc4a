/**
 * HTML comments (`<!-- .. -->`) in a reply: text a Markdown renderer never shows, so nothing in one
 * is meant for the reader or for the tools. Only a closed comment counts: `<!--` alone (in a regex, a
 * template, a string) opens nothing; nor does one inside code (`` `<!--` `` is the text it shows).
 */
import { codeRanges, isInCode, type CodeRange } from './code-ranges.ts';

/** The closed HTML comments of `text` that open outside code, in order. */
export function htmlComments(text: string): CodeRange[] {
  if (!text.includes('<!--')) return [];
  const code = text.includes('`') || text.includes('~') ? codeRanges(text) : [];
  const comments: CodeRange[] = [];
  let from = text.indexOf('<!--');
  while (from !== -1) {
    const end = text.indexOf('-->', from + '<!--'.length);
    if (end === -1) break;
    if (isInCode(code, from)) {
      from = text.indexOf('<!--', from + 1);
      continue;
    }
    comments.push([from, end + '-->'.length]);
    from = text.indexOf('<!--', end + '-->'.length);
  }
  return comments;
}
