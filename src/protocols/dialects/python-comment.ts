/**
 * A Python comment, `# ..` to the line's end outside a string, is no part of the code: a call line
 * `shoot(x=0.5)  # aim at the center` (as Cradle's skill plans annotate each step) is the call, and a
 * line that is only a comment is no line. A `#` inside a quoted value stays the value's. A line
 * holding triple quotes is left whole: a string may run past it, and where it ends is not this
 * line's to say.
 */

/** `line` without its trailing comment (and the space before it). */
export function withoutPythonComment(line: string): string {
  if (!line.includes('#') || line.includes('"""') || line.includes("'''")) return line;
  let quote: string | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote !== undefined) {
      if (char === '\\') index++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#') return line.slice(0, index).trimEnd();
  }
  return line;
}
