/**
 * Quoted text is prose in every dialect: the fenced blocks inside a blockquote or a list item
 * (`quotedFences`) are blanked (every character but line breaks becomes a space) before any reader
 * looks at a reply, so a call shown there as an example is neither run nor taken for an attempt.
 * Offsets stay those of the reply; the answer is still the reply as written.
 */
import { quotedFences } from './code-ranges.ts';

/** `text` with its quoted fenced blocks blanked; the same string when it has none. */
export function blankQuoted(text: string): string {
  const ranges = quotedFences(text);
  if (ranges.length === 0) return text;
  let blanked = '';
  let from = 0;
  for (const [start, end] of ranges) {
    blanked += text.slice(from, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return blanked + text.slice(from);
}
