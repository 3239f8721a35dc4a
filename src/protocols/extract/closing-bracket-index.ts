import { commentEnd } from './json-comments.ts';

/**
 * How much of a JSON text is left open where the text ends: the brackets (`{`, `[`) never closed and
 * whether a double-quoted string is still running. A closing tag may stand in for the one brace a
 * model leaves out at the end of a call object; more left open means the value was cut off.
 */
export type OpenBrackets = { depth: number; inString: boolean };

type Scan = OpenBrackets & { end: number };

/**
 * One walk over JSON text from `from`, skipping brackets inside double-quoted strings and comments
 * (`json-comments.ts`); with `stopAtClose`, it ends just past the bracket that brings the depth back
 * to zero (`end`, -1 when the text ends first).
 */
function scan(text: string, from: number, stopAtClose: boolean): Scan {
  let depth = 0;
  let inString = false;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '/') index = Math.max(index, commentEnd(text, index) - 1);
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && depth > 0) {
      depth--;
      if (stopAtClose && depth === 0) return { depth, inString, end: index + 1 };
    }
  }
  return { depth, inString, end: -1 };
}

/**
 * The index just past the bracket that closes the one at `open` (`{` or `[`); -1 when the text ends
 * first (truncated output).
 */
export function closingBracketIndex(text: string, open: number): number {
  return scan(text, open, true).end;
}

/** The brackets left open, and an unterminated string, at the end of `text`. */
export function openBrackets(text: string): OpenBrackets {
  const { depth, inString } = scan(text, 0, false);
  return { depth, inString };
}

/**
 * True when JSON text ended by a closing tag (`</tool_call>`, `</function>`, `</parameters>`) was cut
 * off before its end: the tag may stand in for the outermost brace only, so more left open, a string
 * still running, or a `,` or `:` asking for more means the value was never written to its end.
 */
export function cutOffBeforeTag(body: string): boolean {
  const left = openBrackets(body);
  return left.depth > 1 || left.inString || (left.depth > 0 && /[,:]\s*$/.test(body));
}
