/**
 * An HTML comment is neither shown nor meant: its text is blanked before any reader looks at a reply
 * (`extract/blank-quoted.ts`), so a call inside one never runs, and beside a call read elsewhere it is
 * prose that is dropped. Nor is a comment holding a call an answer: the user would see none of it, and
 * the model may have meant the call. A plain-text answer with a call (or a call attempt) in a comment is
 * corrected, naming the comment.
 */
import { htmlComments } from './extract/html-comments.ts';
import type { ReadFailure } from './reading.ts';

/** The correction for `answer` when a comment in it holds a call, as `holdsCall` reads the comment's text; else undefined. */
export function commentedCall(answer: string, holdsCall: (inner: string) => boolean): ReadFailure | undefined {
  for (const [start, end] of htmlComments(answer)) {
    if (holdsCall(answer.slice(start + '<!--'.length, end - '-->'.length))) {
      return {
        kind: 'no-decision',
        message: 'the reply holds a tool call inside an HTML comment (<!-- .. -->), which is never run: write the call outside the comment, or answer without it',
      };
    }
  }
  return undefined;
}
