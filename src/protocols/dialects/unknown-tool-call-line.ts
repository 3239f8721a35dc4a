/**
 * A call of a tool nobody offered, written in a line shape no prose takes:
 *
 *   Call: delete_account(token="x")      a label that says "call" (`Action:`, `Function call:`,
 *   API-Request: delete_account()        `Tool:`, `Invoke:`, `Request:`.., one title-case word before
 *                                        it allowed: `Grounded Operation:`), then a Python-style call
 *                                        with keyword arguments or none, closing at the line's end
 *   #E2 = delete_account[#E1]            a bracket action assigned to a plan's evidence variable (ReWOO)
 *
 * The readers and the call-attempt rules look for offered tools' names; a call of another name in
 * these shapes would otherwise be the answer, markup and all, and the model never told that the tool
 * does not exist. Code quoted inline or fenced is talk about a call (`maskCode`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { maskCode } from './mask-code.ts';

const callLabel = '(?:tool|function|act(?:ion)?s?|call|command|invoke|execute|operation|(?:api[ _-]?)?request)(?:[ _]?(?:name|type|call))?';
const name = '([A-Za-z_][\\w.-]*)';
/** A label qualified by one word before it, both in title case as headings are (CogAgent's `Grounded Operation:`, `Next Action:`). */
const qualifiedLabel = '[A-Z][a-z]+[ \\t]+(?:Tool|Function|Actions?|Call|Command|Operation|Request)';
/** The colon ending the label, then a Python-style call with keyword arguments or none, closing at the line's end. */
const callAfterLabel = `[ \\t]*(?:[*_]{1,2})?:(?:[*_]{1,2})?[ \\t]*\\[?${name}\\((?:\\s*\\)|\\s*[A-Za-z_]\\w*\\s*=(?!=)[^\\n]*\\))\\]?[ \\t]*$`;
const shapes = [
  new RegExp(`^[ \\t]*(?:[*_]{1,2})?${callLabel}${callAfterLabel}`, 'gim'),
  new RegExp(`^[ \\t]*(?:[*_]{1,2})?${qualifiedLabel}${callAfterLabel}`, 'gm'),
  new RegExp(`^[ \\t]*#\\w+[ \\t]*=[ \\t]*${name}\\[[^\\]\\n]+\\][ \\t]*$`, 'gm'),
];

/** The first name `text` calls in one of these shapes that no offered tool has, or undefined. */
export function unknownToolCallLine(text: string, tools: readonly ToolSpec[]): string | undefined {
  if (!/[(=]/.test(text)) return undefined;
  const masked = maskCode(text);
  const offered = new Set(tools.map((tool) => tool.name));
  for (const shape of shapes) {
    for (const match of masked.matchAll(shape)) {
      const called = match[1] ?? '';
      if (!offered.has(called)) return called;
    }
  }
  return undefined;
}
