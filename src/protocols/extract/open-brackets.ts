/**
 * How much of a JSON value a cut-off reply left open: the brackets still open where the text ends, or
 * undefined when it ends inside a string (a value cut in the middle). Used to tell a call whose
 * arguments were written to their end from one cut inside them.
 */

/** The number of `{` / `[` open at the end of `json` (strings skipped); undefined when it ends inside a string. */
export function openBrackets(json: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const char = json[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth++;
    else if ((char === '}' || char === ']') && depth > 0) depth--;
  }
  return inString ? undefined : depth;
}
