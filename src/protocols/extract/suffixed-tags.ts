/**
 * Tencent HY v3 writes its call tags with a suffix (`<tool_calls:opensource>`, `<tool_call:opensource>`,
 * `<tool_sep:opensource>`, `<arg_key:opensource>`, `<arg_value:opensource>` and their closing tags),
 * otherwise the `<tool_call>name<tool_sep><arg_key>k</arg_key><arg_value>v</arg_value></tool_call>`
 * form the GLM reader reads. The suffix a reply's first call tag carries is dropped from every call
 * tag carrying the same one, so the tags read as their plain form; tags with another suffix stay as
 * written (and a call attempt no reader reads is refused).
 */

/** The suffix of the first suffixed call tag (group 1). */
const firstSuffixed = /<tool_calls?:([\w-]+)>/;
const callTag = /<(\/?)(tool_calls|tool_call|tool_sep|arg_key|arg_value):([\w-]+)>/g;

/** `text` with the call tags' suffix dropped; the same string when no call tag carries one. */
export function withoutTagSuffix(text: string): string {
  if (!text.includes('<tool_call')) return text;
  const suffix = firstSuffixed.exec(text)?.[1];
  if (suffix === undefined) return text;
  return text.replace(callTag, (tag, slash: string, name: string, written: string) => (written === suffix ? `<${slash}${name}>` : tag));
}
