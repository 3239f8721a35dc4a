/**
 * Markup quoted as code is talk about markup, not a call: a reply that shows `<read_file>..</read_file>`
 * in backticks or inside a fenced block explains a format. `maskCode` blanks the code found by
 * `codeRanges` (every character but line breaks becomes a space), so a reader can look for its
 * markers in the masked text and still cut values out of the original at the same indices.
 */
import { codeRanges } from '../extract/code-ranges.ts';

export function maskCode(text: string): string {
  let masked = '';
  let from = 0;
  for (const [start, end] of codeRanges(text)) {
    if (start < from) continue;
    masked += text.slice(from, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
    from = end;
  }
  return masked + text.slice(from);
}
