/**
 * The index just past the bracket that closes the one at `open` (`{`/`[`), skipping brackets inside
 * JSON strings; -1 when it is never closed.
 */
export function findBalanced(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}
