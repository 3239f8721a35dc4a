/**
 * Readers see a reply with its quotations blanked (`extract/blank-quoted.ts`): a fenced block in a
 * blockquote or a list item, an indented code block set in the text, an HTML comment. Inside a value
 * they are not quotations: a Markdown document a `write_file` call holds may quote code, an HTML file
 * holds comments, a Python file indented lines after a blank one, an answer may show any of them. So a
 * reading of the blanked reply is checked against the reply read as written: where both take the same
 * decisions (the same tools, in order) the quotation was inside their values, and the values as written
 * stand. Where the readings differ, the blanked one stands, unless its values hold a blanked range
 * (spaces and line breaks where the reply has the quotation): then the range has two readings (an
 * example, or part of a value) and the turn is corrected.
 */
import type { ParseResult } from './codec.ts';
import { quotedRanges } from './extract/blank-quoted.ts';
import { stringValues } from './extract/string-values.ts';
import type { ReadFailure } from './reading.ts';

type Accepted = Extract<ParseResult, { success: true }>;

/** True when a value of `result` (a call's arguments, an answer, a question) holds a quoted range of `written` as `blanked` has it. */
function holdsBlankedRange(result: Accepted, written: string, blanked: string, leading: string): boolean {
  const values = stringValues(result.decisions);
  if (values.length === 0) return false;
  return quotedRanges(written, leading).some(([start, end]) => {
    const blank = blanked.slice(start, end);
    return values.some((value) => value.includes(blank));
  });
}

/** The tools (or the action, for an answer or a question) `result` takes, in order. */
const decisionsTaken = (result: Accepted): string => result.decisions.map((decision) => (decision.action === 'call_tool' ? decision.tool : decision.action)).join('\n');

/** True when the reply read as written takes the decisions its blanked reading takes (the quotations were inside values, or changed nothing). */
export const takesSameDecisions = (blankedResult: Accepted, asWritten: ParseResult): boolean => asWritten.success && decisionsTaken(asWritten) === decisionsTaken(blankedResult);

/** The reading as written where it takes the decisions the blanked reading takes, in order; else the blanked reading, or the correction. */
export function asWrittenOr(blankedResult: Accepted, asWritten: ParseResult, written: string, blanked: string, leading = ''): ParseResult | ReadFailure {
  if (takesSameDecisions(blankedResult, asWritten)) return asWritten;
  if (!holdsBlankedRange(blankedResult, written, blanked, leading)) return blankedResult;
  return {
    kind: 'no-decision',
    message:
      'a value holds a quoted block (lines of a > quote, a ``` block in a list item, a block indented four spaces, or an <!-- comment -->), which also reads as an example shown: wrap the value in <![CDATA[..]]>',
  };
}
