/**
 * A Qwen3-Coder call written on one line with every line break of its template as the two characters
 * `\n` (a reply escaped once more on its way, as LocalAI receives some):
 * `<tool_call>\n<function=bash>\n<parameter=script>\nls\n</parameter>\n</function>\n</tool_call>`.
 * It is read so only when the whole call does it: the call holds no real line break, and the break
 * after its opening tag is written `\n`. Between tags `\n` is then a gap (the family's `gap`), and each
 * value loses the `\n` pair around it as the real pair goes. A value that still holds a backslash
 * inside has two readings (escaped too, or meant as written: `printf "a\n"`), so it is corrected.
 */
import type { RawParameter } from './tag-calls.ts';

export type EscapedBreakReading = { ok: true; parameters: RawParameter[] } | { ok: false; key: string };

const escapedBreak = '\\n';

/** True when `callText` (from its opening tag to its close) writes its line breaks as `\n` text. */
export function writesEscapedBreaks(callText: string): boolean {
  return !/[\r\n]/.test(callText) && /^<[^<>]*>[^\S\r\n]*\\n/.test(callText);
}

/** The parameters of a call that `writesEscapedBreaks`, each value with the escaped pair around it read as the real one. */
export function escapedBreakParameters(parameters: readonly RawParameter[]): EscapedBreakReading {
  const read: RawParameter[] = [];
  for (const parameter of parameters) {
    const opens = parameter.text.startsWith(escapedBreak);
    let inner = opens ? parameter.text.slice(escapedBreak.length) : parameter.text;
    if (opens && inner.endsWith(escapedBreak)) inner = inner.slice(0, -escapedBreak.length);
    if (inner.includes('\\')) return { ok: false, key: parameter.key };
    read.push({ ...parameter, text: opens ? `\n${inner}\n` : inner });
  }
  return { ok: true, parameters: read };
}
