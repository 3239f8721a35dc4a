/**
 * Comments in relaxed JSON (`// to the line end`, `/* to its close *\/`), as the scans of damaged
 * JSON see them: a quote or a bracket inside a comment opens or closes nothing (jsonrepair, which
 * reads the text afterwards, skips comments the same way). A comment starts only where no value can
 * run on into it: at the start, after space or after structure (`,` `:` `{` `}` `[` `]` or a quote).
 * Right after a bare word or a number (`a//b`, `1//2`), `//` may belong to the value:
 * `repair-guesses.ts` refuses that text, so the scans need not decide.
 */

const startsAfter = /[\s,:{}[\]"']/;

/** The index just past the comment starting at `index`, or -1 when none starts there. */
export function commentEnd(text: string, index: number): number {
  if (text[index] !== '/' || (text[index + 1] !== '/' && text[index + 1] !== '*')) return -1;
  if (index > 0 && !startsAfter.test(text[index - 1] ?? '')) return -1;
  if (text[index + 1] === '/') {
    const lineEnd = text.indexOf('\n', index + 2);
    return lineEnd < 0 ? text.length : lineEnd;
  }
  const close = text.indexOf('*/', index + 2);
  return close < 0 ? text.length : close + 2;
}
