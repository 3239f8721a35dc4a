/**
 * Control characters (U+0000 to U+001F other than tab, line feed and carriage return) that JSON.parse
 * and the repair refuse, where each has one reading:
 * - between tokens, outside every string (`{"param":\u0001 "value"}`), one stands for no value and no
 *   layout: dropped (Prism drops it so);
 * - inside a string, one is a character of the value, written raw: escaped, so the value keeps it.
 * Tab, line feed and carriage return are layout, or read by the repair inside strings.
 */

const strayControl = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

const escaped = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `text` with its control characters dropped between tokens and escaped inside strings; undefined when it holds none. */
export function withoutStrayControlChars(text: string): string | undefined {
  if (!strayControl.test(text)) return undefined;
  let out = '';
  let quote = '';
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    const control = strayControl.test(char);
    if (quote !== '') {
      if (control) out += escaped(char);
      else if (char === '\\') out += char + text.charAt(++index);
      else {
        out += char;
        if (char === quote) quote = '';
      }
      continue;
    }
    if (control) continue;
    // Single-quoted strings are read by the repair as strings: their characters are values too.
    if (char === '"' || char === "'") quote = char;
    out += char;
  }
  return out;
}
