/**
 * Coverage of a plain-text answer (issue 25, invariant 1): an answer is words for the user, so markup
 * that frames something no reader read is never handed on as one. Two shapes, each corrected:
 * - a reply that is nothing but markup, tags with no text outside or between them (`<someTag>`,
 *   `<plan></plan>`, `<br/>`): the start or the frame of a structure no reader read (a plan, a call,
 *   a template);
 * - an answer holding a call block's closing tag (`</tool_call>`, `</tool_calls>`, namespaced,
 *   `</minimax:tool_call>`, or suffixed, `</tool_call:opensource>`): the end of a call whose start was
 *   lost (cut by a server, or a block the template opened), or a block the model never opened.
 * Tags around words (`<b>Done</b>`) stay an answer, and so does markup quoted as code or in a
 * quotation (`maskCode`, `blankQuoted`; a fence around the whole answer is text, so a fenced tag alone
 * stays the answer). Only the plain answer is checked: beside calls read, a closing tag may end the
 * block those calls were read from.
 */
import type { ReadFailure } from './reading.ts';
import { sanitizeName } from './sanitize.ts';
import { callAttemptHint } from './dialects/find-call-attempt.ts';
import { maskCode } from './dialects/mask-code.ts';
import { blankQuoted } from './extract/blank-quoted.ts';

/** An XML or HTML tag: opening, closing or self-closing, with any attributes. */
const tag = /<\/?([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?\/?>/g;
/** The closing tag of a call block (MuseGlimmer's `</atem:function_calls>` closes talk about a call, `find-call-attempt.ts`). */
const callClose = /<\/((?:[\w-]+:)?tool_calls?(?::[\w-]+)?)>/;

/** The correction for an answer made of tags only or holding a call block's closing tag; undefined for any other answer. */
export function answerMarkup(answer: string): ReadFailure | undefined {
  if (!answer.includes('<')) return undefined;
  if (answer.replace(tag, '').trim() === '') {
    const first = /<\/?([A-Za-z_][\w.:-]*)/.exec(answer)?.[1];
    if (first !== undefined) return { kind: 'no-decision', message: `the reply holds only markup (<${sanitizeName(first)}>) and no answer`, details: [callAttemptHint] };
  }
  const close = callClose.exec(maskCode(blankQuoted(answer)))?.[1];
  if (close === undefined) return undefined;
  return { kind: 'no-decision', message: `the reply holds </${sanitizeName(close)}> with no call before it: the call's start is missing`, details: [callAttemptHint] };
}
