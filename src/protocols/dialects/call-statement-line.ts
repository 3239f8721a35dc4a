/**
 * A call written as a statement: a line that holds nothing but an offered tool's name and its
 * parenthesised arguments, whatever those are (`CheckDisk(/tmp)`, `ping(10.0.0.1)`), as agents
 * prompted for "ToolName(arguments)" write them one per line. Prose names a function inside a
 * sentence (`call scan(/data) first`); a line of its own holding only the call with arguments is code
 * the model meant to run. Where no reader reads it (its arguments are no Python literals), returned as
 * the answer it would be a call nobody ran, so it is a call attempt, corrected.
 *
 * Not an attempt: a bare `name()` (a line naming the function, `Note:\nwait()\nis how to pause.`;
 * a bare call ending the reply is read, `bare-python-calls.ts`), a space before the parenthesis
 * (`open_tab (switches tabs)` describes a tool), a line quoted or listed in Markdown (`> `, `- `,
 * `1. `: an example or a list of functions), and the tool's signature, its parentheses holding only
 * declared parameters' names (`read(file_path)`), as `variable-argument-call.ts` keeps it.
 */
import { escapeRegExp } from '../reading.ts';

/** A line quoted or listed in Markdown: what it shows is an example or a list, never a statement. */
const quotedLine = /^[ \t]*(?:>|[-*+][ \t]|\d+[.)][ \t])/;

/** Whether `inside` closes every `(` it opens, never closing one it did not open. */
function balanced(inside: string): boolean {
  let depth = 0;
  for (const char of inside) {
    if (char === '(') depth += 1;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** True when a line of `text` is only `name(..)` with arguments (an optional `;` after), and not the tool's signature. */
export function callStatementLine(text: string, name: string, parameters: readonly string[]): boolean {
  const line = new RegExp(`^[ \\t]*${escapeRegExp(name)}\\(([^\\n]*)\\)[ \\t;]*\\r?$`, 'gm');
  for (const match of text.matchAll(line)) {
    if (quotedLine.test(match[0])) continue;
    const inside = match[1] ?? '';
    if (inside.trim() === '' || !balanced(inside)) continue;
    const words = inside.split(',').map((word) => word.trim());
    if (words.every((word) => parameters.includes(word))) continue;
    return true;
  }
  return false;
}
