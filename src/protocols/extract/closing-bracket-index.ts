import { commentEnd } from './json-comments.ts';

/**
 * The index just past the bracket that closes the one at `open` (`{` or `[`), skipping brackets
 * inside double-quoted JSON strings and comments (`json-comments.ts`); -1 when the text ends first
 * (truncated output).
 */
export function closingBracketIndex(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '/') index = Math.max(index, commentEnd(text, index) - 1);
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}
