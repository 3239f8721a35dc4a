/**
 * An offered tool's name opening a line (after an optional label such as `Action:` or `actions:`),
 * then its input in square brackets: `Click [2]`, `TYPE [Shanghai mall]`, `Search[cats]`, `Scroll
 * [WINDOW]; down`, or in round brackets after a space closing the line (`Tap (120, 430)`, as Mobile-Agent
 * writes its steps under `### Action ###`). Web and phone agents (WebVoyager, OS-Atlas) write their steps so; where no reader
 * took the line, it is a call attempt, corrected, never the answer. A markdown link (`[text](url)`)
 * and empty brackets are no input; a tool named in the middle of a sentence, or with words after its
 * brackets (`Note: search[name] is the syntax.`), is prose.
 */
import { escapeRegExp } from '../reading.ts';

export function bracketInputAttempt(masked: string, name: string): boolean {
  const label = '(?:[A-Za-z][\\w ]{0,30}:[ \\t]*\\n?[ \\t]*)?';
  // The input ends its line, or the next one follows after `;` (`Type [2]; Paris`): words after it make a sentence.
  const input = '\\[(?![ \\t]*\\])[^\\]\\n]*\\][ \\t]*(?:;|\\n|$)';
  // `Tap (120, 430)`: a space, then the arguments in round brackets closing the line (`name(` with no space is `tool-mention-attempt.ts`'s).
  // Its first argument a value or a keyword, as a call's is: `search (finds pages)` in a list of tools is prose.
  const round = '[ \\t]+\\((?=[ \\t]*(?:["\'\\d[{-]|[A-Za-z_]\\w*[ \\t]*[=:]))[^()\\n]*\\)[ \\t]*(?:\\n|$)';
  return new RegExp(`(?:^|\\n)[ \\t]*${label}${escapeRegExp(name)}(?:[ \\t]*${input}|${round})`).test(masked);
}
