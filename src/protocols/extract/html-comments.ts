/**
 * HTML comments (`<!-- .. -->`) in a reply: text a Markdown renderer never shows, so nothing in one
 * is meant for the reader or for the tools. Only a closed comment counts: `<!--` alone (in a regex, a
 * template, a string) opens nothing.
 */
import type { CodeRange } from './code-ranges.ts';

const comment = /<!--[\s\S]*?-->/g;

/** The closed HTML comments of `text`, in order. */
export function htmlComments(text: string): CodeRange[] {
  if (!text.includes('<!--')) return [];
  return [...text.matchAll(comment)].map((match): CodeRange => [match.index, match.index + match[0].length]);
}
