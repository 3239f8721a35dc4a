/**
 * The pattern of a reply marker (`reply-markers.ts`) as a detokenizer may print it: a server that puts
 * spaces between special tokens (vLLM's `spaces_between_special_tokens`, its default) writes
 * `<|open|> response <|sep|>` for `<|open|>response<|sep|>`, so spaces and tabs may stand beside each
 * special token inside the marker.
 */

/** `text` with every RegExp syntax character escaped (the one copy for the parser layer). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A special token inside a marker (`<|open|>`, `<｜tool▁sep｜>`). */
const specialTokenPart = /(<\|[^|<>]*\|>|<｜[^｜<>]*｜>)/;

export function markerSource(marker: string): string {
  const parts = marker.split(specialTokenPart).filter((part) => part !== '');
  return parts.map(escapeRegExp).join('[ \\t]*');
}
