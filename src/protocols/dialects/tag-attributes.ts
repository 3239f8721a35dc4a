/**
 * The attributes of an element named after a tool, as that call's arguments: `<rename_file from="a.ts"
 * to="b.ts"/>` is `rename_file({from: "a.ts", to: "b.ts"})`. Each attribute names its argument, so
 * nothing is guessed; values are text, entities resolved (`&quot;` -> `"`), typed later by the tool's
 * schema as every element's text is. A name written twice is two values for one argument: refused.
 */
import { decodeXmlEntities } from '../extract/xml-text.ts';

/** Attributes as written in an opening tag: `name="v"` or `name='v'`, separated by space. */
export const attributeListSource = `(?:\\s+[A-Za-z_][\\w.:-]*\\s*=\\s*(?:"[^"<>]*"|'[^'<>]*'))*`;
const attribute = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<>]*)"|'([^'<>]*)')/g;

/** The arguments the attribute list `written` gives, or the name written twice. */
export function tagAttributes(written: string): { ok: true; args: Record<string, string> } | { ok: false; repeated: string } {
  const args: Record<string, string> = {};
  for (const match of written.matchAll(attribute)) {
    const name = match[1] ?? '';
    if (Object.prototype.hasOwnProperty.call(args, name)) return { ok: false, repeated: name };
    Object.defineProperty(args, name, { value: decodeXmlEntities(match[2] ?? match[3] ?? ''), enumerable: true, writable: true, configurable: true });
  }
  return { ok: true, args };
}
