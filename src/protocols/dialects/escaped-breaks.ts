/**
 * A Qwen3-Coder call written on one line with every line break of its template as the two characters
 * `\n` (a reply escaped once more on its way, as LocalAI receives some):
 * `<tool_call>\n<function=bash>\n<parameter=script>\nls\n</parameter>\n</function>\n</tool_call>`.
 * A call whose opening tag `\n` text follows is parsed so: between its tags `\n` is a gap (the form's
 * `escapedGap`, which holds no real line break), and each value loses the `\n` pair around it as the
 * real pair goes. It is read only when the whole call does it: a call that also holds a real line
 * break mixes the two ways, and a value that still holds a backslash inside has two readings
 * (escaped too, or meant as written: `printf "a\n"`); both are corrected. Any other call keeps `\n`
 * text as written, in a value or (unreadable) between tags.
 */
/** A parameter as `tag-calls.ts` reads it (its key and text are all this file needs). */
interface WrittenParameter {
  key: string;
  text: string;
}

export type EscapedBreakReading<P extends WrittenParameter> = { ok: true; parameters: P[] } | { ok: false; problem: 'mixed' } | { ok: false; problem: 'backslash'; key: string };

const escapedBreak = '\\n';

/** True when `\n` text follows the opening tag that ends at `bodyStart` (spaces before it aside): the call is parsed with escaped gaps. */
export function opensEscaped(text: string, bodyStart: number): boolean {
  return /^[^\S\r\n]*\\n/.test(text.slice(bodyStart, bodyStart + 64));
}

/**
 * The parameters of the call `callText` (from its opening tag to its close) whose opening tag `\n`
 * text follows, each value with the escaped pair around it read as the real one; a call that also
 * holds a real line break mixes the two ways, and is corrected.
 */
export function escapedBreakParameters<P extends WrittenParameter>(callText: string, parameters: readonly P[]): EscapedBreakReading<P> {
  if (/[\r\n]/.test(callText)) return { ok: false, problem: 'mixed' };
  const read: P[] = [];
  for (const parameter of parameters) {
    const opens = parameter.text.startsWith(escapedBreak);
    let inner = opens ? parameter.text.slice(escapedBreak.length) : parameter.text;
    if (opens && inner.endsWith(escapedBreak)) inner = inner.slice(0, -escapedBreak.length);
    if (inner.includes('\\')) return { ok: false, problem: 'backslash', key: parameter.key };
    read.push({ ...parameter, text: opens ? `\n${inner}\n` : inner });
  }
  return { ok: true, parameters: read };
}
