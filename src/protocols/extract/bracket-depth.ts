/**
 * Hostile reply shapes are refused before any reader walks them: a reply that opens more brackets
 * than any decision nests (`{{{{…` a hundred thousand deep) would cost every JSON reader and repair
 * a walk per level. One linear scan counts the deepest nesting of `{` and `[`; strings are not told
 * apart (a string of 512 open brackets is no decision either).
 */

/** Deeper than this, no reading of the reply runs (JSON values are refused past 64 levels anyway). */
export const maxBracketDepth = 512;

/** True when `text` nests `{` / `[` more than `maxBracketDepth` levels deep. */
export function nestsTooDeep(text: string): boolean {
  if (text.length <= maxBracketDepth) return false;
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 123 || code === 91) {
      depth++;
      if (depth > maxBracketDepth) return true;
    } else if ((code === 125 || code === 93) && depth > 0) depth--;
  }
  return false;
}
