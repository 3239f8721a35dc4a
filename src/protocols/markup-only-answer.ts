/**
 * Coverage of a plain-text answer (issue 25, invariant 1): an answer is words for the user. A reply
 * that is nothing but markup, tags with no text outside or between them (`<someTag>`,
 * `<plan></plan>`, `<br/>`), carries no answer: it is the start or the frame of a structure no reader
 * read (a plan, a call, a template), and handed on as the answer it would hide that the model meant
 * something else. It is corrected instead. Tags around words (`<b>Done</b>`) stay an answer, and so
 * does markup quoted as code (the answer's text is checked as written, fences included).
 */
import type { ReadFailure } from './reading.ts';
import { sanitizeName } from './sanitize.ts';
import { callAttemptHint } from './dialects/find-call-attempt.ts';

/** An XML or HTML tag: opening, closing or self-closing, with any attributes. */
const tag = /<\/?([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?\/?>/g;

/** The correction for an answer made of tags only; undefined when the answer holds any other text. */
export function markupOnlyAnswer(answer: string): ReadFailure | undefined {
  if (!answer.includes('<') || answer.replace(tag, '').trim() !== '') return undefined;
  const first = /<\/?([A-Za-z_][\w.:-]*)/.exec(answer)?.[1];
  if (first === undefined) return undefined;
  return { kind: 'no-decision', message: `the reply holds only markup (<${sanitizeName(first)}>) and no answer`, details: [callAttemptHint] };
}
