/**
 * JSON escaped once more on its way: its layout written as the two characters `\n` (or `\r`, `\t`)
 * between tokens, `{\n  "action": "search",\n  "input": "x"\n}`, as a reply that went through one
 * more JSON encoding reaches some agents. Outside a string JSON allows no backslash at all, so such a
 * pair has one reading, the whitespace it escapes; the strings keep their escapes as written. Read
 * only where every backslash outside the strings is such a pair, no real line break stands between
 * the tokens (a text mixing both ways was not escaped as a whole) and no single quote does (its
 * strings end where this scan cannot tell).
 */

const layout: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t' };

/** `text` with the escaped layout between its tokens read as whitespace; undefined when it has none or another reading. */
export function escapedLayout(text: string): string | undefined {
  if (!text.includes('\\')) return undefined;
  let out = '';
  let inString = false;
  let found = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    if (inString) {
      out += char;
      if (char === '\\') out += text[++index] ?? '';
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "'" || char === '\n' || char === '\r') return undefined;
    else if (char === '\\') {
      const escaped = layout[text[index + 1] ?? ''];
      if (escaped === undefined) return undefined;
      out += escaped;
      found = true;
      index++;
      continue;
    }
    out += char;
  }
  return found ? out : undefined;
}
