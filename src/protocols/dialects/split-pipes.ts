/**
 * Splits `tool|p1|p2` on the pipes that are not inside JSON brackets or double-quoted strings, so a
 * JSON parameter may itself contain `|`.
 */
export function splitPipes(line: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let current = '';
  for (let index = 0; index < line.length; index++) {
    const char = line[index] as string;
    if (inString) {
      if (char === '\\') {
        current += char + (line[index + 1] ?? '');
        index++;
        continue;
      }
      if (char === '"') inString = false;
    } else if (char === '"' && depth > 0) inString = true;
    else if (char === '[' || char === '{') depth++;
    else if ((char === ']' || char === '}') && depth > 0) depth--;
    else if (char === '|' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}
