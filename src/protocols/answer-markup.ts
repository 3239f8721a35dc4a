/**
 * Coverage of a plain-text answer (issue 25, invariant 1): an answer is words for the user, so markup
 * that frames something no reader read is never handed on as one. Four shapes, each corrected:
 * - a reply that is nothing but markup, tags with no text outside or between them (`<someTag>`,
 *   `<plan></plan>`, `<br/>`): the start or the frame of a structure no reader read (a plan, a call,
 *   a template);
 * - an answer holding a call block's closing tag (`</tool_call>`, `</tool_calls>`, namespaced,
 *   `</minimax:tool_call>`, or suffixed, `</tool_call:opensource>`), or one named after an offered tool
 *   (`</write_file>`): the end of a call whose start was lost (cut by a server, or a block the template
 *   opened), a block the model never opened, or a call whose start no reader read.
 * - an answer ending in an opening tag (`Let me look.<tool_use>`, `<b>`): the reply stopped right after
 *   opening a structure, so what it was to hold (a call, more text) is cut off; HTML's void elements
 *   (`<br>`, `<img ..>`), which nothing closes, are words' markup and stay, as does a type's
 *   parameter written right after its name (`returns Promise<string>`);
 * - a fence labelled with an offered tool's name (```` ```get_weather ```` then its JSON arguments): a
 *   call in a block no reader reads (the labels of call formats, ```` ```tool ````, have readers),
 *   whose arguments would otherwise be handed on as a structured answer.
 * Tags around words (`<b>Done</b>`) stay an answer, and so does markup quoted as code or in a
 * quotation (`maskCode`, `blankQuoted`; a fence around the whole answer is text, so a fenced tag alone
 * stays the answer). Only the plain answer is checked: beside calls read, a closing tag may end the
 * block those calls were read from.
 */
import type { ToolSpec } from '../spec/decision.ts';
import type { ReadFailure } from './reading.ts';
import { sanitizeName } from './sanitize.ts';
import { callAttemptHint } from './dialects/find-call-attempt.ts';
import { maskCode } from './dialects/mask-code.ts';
import { blankQuoted } from './extract/blank-quoted.ts';

/** An XML or HTML tag: opening, closing or self-closing, with any attributes. */
const tag = /<\/?([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?\/?>/g;
/** The closing tag of a call block (MuseGlimmer's `</atem:function_calls>` closes talk about a call, `find-call-attempt.ts`). */
const callClose = /<\/((?:[\w-]+:)?tool_calls?(?::[\w-]+)?)>/;

/** An opening tag (not self-closing) at the very end of the answer; group 1: the character before it. */
const trailingOpenTag = /(^|[^])<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?(?<!\/)>\s*$/;
/** A type's parameter (`Promise<string>`, `List<T>`): a plain identifier right after a name, no tag. */
const typeParameter = (before: string, name: string): boolean => /[\w$]/.test(before) && /^[A-Za-z][A-Za-z0-9]*$/.test(name);
/** A closing tag and its name. */
const closingTag = /<\/([A-Za-z_][\w.:-]*)\s*>/g;
/** HTML elements that are never closed. */
const voidElements = new Set(['br', 'hr', 'img', 'input', 'meta', 'link', 'wbr', 'area', 'base', 'col', 'embed', 'source', 'track', 'param']);

/** A fence's opening line and its label. */
const fenceLabel = /^[ \t]*```[ \t]*([\w.-]+)[ \t]*$/gm;
/**
 * Labels that name a language: a fence so labelled is code shown, also where a tool of that name is
 * offered (a `python` or `bash` tool: a fenced block is quoted text, docs/protocols.md).
 */
const languages = new Set(['python', 'py', 'bash', 'sh', 'shell', 'zsh', 'console', 'json', 'jsonc', 'yaml', 'yml', 'xml', 'html', 'css', 'js', 'javascript', 'ts', 'typescript', 'sql', 'text', 'txt', 'md', 'markdown', 'go', 'rust', 'java', 'c', 'cpp', 'ruby', 'php', 'r', 'diff', 'toml', 'ini', 'csv']);

/** The correction for an answer made of tags only, holding a call block's closing tag, or fencing a tool's call; undefined for any other answer. */
export function answerMarkup(answer: string, tools: readonly ToolSpec[]): ReadFailure | undefined {
  if (answer.includes('```')) {
    const offered = new Set(tools.map((tool) => tool.name));
    const label = [...answer.matchAll(fenceLabel)].map((match) => match[1] ?? '').find((name) => offered.has(name) && !languages.has(name.toLowerCase()));
    if (label !== undefined) return { kind: 'no-decision', message: `the reply holds a fence labelled \`${sanitizeName(label)}\`, a call of that tool that could not be read`, details: [callAttemptHint], toolName: sanitizeName(label) };
  }
  if (!answer.includes('<')) return undefined;
  if (answer.replace(tag, '').trim() === '') {
    const first = /<\/?([A-Za-z_][\w.:-]*)/.exec(answer)?.[1];
    if (first !== undefined) return { kind: 'no-decision', message: `the reply holds only markup (<${sanitizeName(first)}>) and no answer`, details: [callAttemptHint] };
  }
  const unquoted = maskCode(blankQuoted(answer));
  const trailing = trailingOpenTag.exec(unquoted);
  const opened = trailing?.[2];
  if (opened !== undefined && !voidElements.has(opened.toLowerCase()) && !typeParameter(trailing?.[1] ?? '', opened)) {
    return { kind: 'no-decision', message: `the reply ends by opening <${sanitizeName(opened)}>: the output may be cut off`, details: [callAttemptHint] };
  }
  const offered = new Set(tools.map((tool) => tool.name));
  const toolClose = [...unquoted.matchAll(closingTag)].map((match) => match[1] ?? '').find((name) => offered.has(name));
  if (toolClose !== undefined) {
    const name = sanitizeName(toolClose);
    return { kind: 'no-decision', message: `the reply holds </${name}>, the end of a call of \`${name}\` that could not be read`, details: [callAttemptHint], toolName: name };
  }
  const close = callClose.exec(unquoted)?.[1];
  if (close === undefined) return undefined;
  return { kind: 'no-decision', message: `the reply holds </${sanitizeName(close)}> with no call before it: the call's start is missing`, details: [callAttemptHint] };
}
