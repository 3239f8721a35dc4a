/**
 * Readers see a reply with its quoted examples blanked (`extract/blank-quoted.ts`): a fenced block in
 * a blockquote or a list item is a quotation. Inside a call's value it is not: a Markdown document a
 * `write_file` call holds may quote code. A reading whose call values hold such a blanked block
 * (spaces and line breaks where the reply has the block) would run with the text lost, so the reply
 * is read again as written; where that reading calls the same tools it stands, and otherwise the
 * block has two readings (an example, or part of a value) and the turn is corrected.
 */
import type { ParseResult } from './codec.ts';
import { quotedFences } from './extract/code-ranges.ts';
import { stringValues } from './extract/string-values.ts';
import type { ReadFailure } from './reading.ts';

type Accepted = Extract<ParseResult, { success: true }>;

/** True when a call value of `result` holds a quoted block of `written` as `blanked` has it (blank). */
export function holdsBlankedBlock(result: ParseResult, written: string, blanked: string): result is Accepted {
  if (!result.success || blanked === written) return false;
  const values = stringValues(result.decisions.map((decision) => (decision.action === 'call_tool' ? decision.args : undefined)));
  if (values.length === 0) return false;
  return quotedFences(written).some(([start, end]) => {
    const blank = blanked.slice(start, end);
    return values.some((value) => value.includes(blank));
  });
}

/** The reading as written where it calls the tools the blanked reading calls, in order; else the correction. */
export function asWrittenOr(blankedResult: Accepted, asWritten: ParseResult): ParseResult | ReadFailure {
  const tools = (result: Accepted) => result.decisions.map((decision) => (decision.action === 'call_tool' ? decision.tool : decision.action)).join('\n');
  if (asWritten.success && tools(asWritten) === tools(blankedResult)) return asWritten;
  return {
    kind: 'no-decision',
    message: 'a call value holds a quoted code block (```, in a > quote or a list item), which also reads as an example shown: wrap the value in <![CDATA[..]]>',
  };
}
