/**
 * A fence quotes code so the words around it can talk about it: a call shown in one is an example,
 * never run (`extract/code-ranges.ts`). A reply made of fenced blocks alone has no words around them,
 * so it quotes nothing: each block is what the model wrote, as a whole reply of one fence already is
 * (`extract/normalize-output.ts` takes that fence off). Where such a reply is taken as a plain answer,
 * each block's body is checked for a call attempt like any reply's text, and a block that holds one
 * is corrected, never returned as the answer (`computer.click(5, 9)` in a ```` ```python ```` block
 * beside a ```` ```memory ```` block).
 */
import { codeRanges } from './extract/code-ranges.ts';
import type { ReadFailure } from './reading.ts';

/** The text between a fenced block's opening line and its closing fence (or the text's end). */
function fenceBody(block: string): string {
  const firstBreak = block.indexOf('\n');
  if (firstBreak < 0) return '';
  const body = block.slice(firstBreak + 1);
  return body.replace(/(?:^|\n)[ \t]*(?:`{3,}|~{3,})[ \t]*$/, '');
}

/** The first call attempt `attemptIn` finds in a block of `answer`, when `answer` is fenced blocks only; else undefined. */
export function fencedOnlyAttempt(answer: string, attemptIn: (body: string) => ReadFailure | undefined): ReadFailure | undefined {
  const ranges = codeRanges(answer);
  if (ranges.length < 2) return undefined;
  let outside = '';
  let last = 0;
  for (const [start, end] of ranges) {
    outside += answer.slice(last, start);
    last = end;
  }
  if ((outside + answer.slice(last)).trim() !== '') return undefined;
  for (const [start, end] of ranges) {
    const block = answer.slice(start, end);
    // An inline code span beside the fences is words too: such a reply is not fences alone.
    if (!/^(?:`{3,}|~{3,})/.test(block)) return undefined;
  }
  for (const [start, end] of ranges) {
    const attempt = attemptIn(fenceBody(answer.slice(start, end)));
    if (attempt) return attempt;
  }
  return undefined;
}
