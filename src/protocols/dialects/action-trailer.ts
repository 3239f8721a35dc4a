/**
 * A labelled line after an action's step that no ReAct label names, such as AppAgent's
 * `Summary: ..` under `Action: tap(5)` (its prompt asks for Observation, Thought, Action and Summary
 * in that order), is a section of prose of its own, not part of the step, and so is a heading after it
 * (Mobile-Agent's `### Operation ###`). Only a label written as a heading, a capitalised word or two and
 * a colon opening the line or a Markdown heading of such words alone on its line, counts; the step before it is
 * taken alone only where it is whole by itself (`action-trailer` never shortens a bracket input that
 * runs over lines and closes at the end).
 */

/** `Summary:`, `Explanation:`, `Next step:`; not `query:` (a key), not `Input:` and its kin (an input's label). */
const trailerLabel = /\n[ \t]*(?:(?:[*_]{1,2})?[A-Z][a-z]+(?: [a-z]+)?(?:[*_]{1,2})?[ \t]*:(?:[ \t]|$)|#{1,6}[ \t]*[A-Z][a-z]+(?: [a-z]+)?[ \t]*#*[ \t]*$)/m;
const inputWords = /^\s*(?:[*_]{1,2})?(?:inputs?|arguments|args|parameters|params)\b/i;

/** `body` up to the first labelled line after its first line, or undefined when it has none. */
export function beforeTrailer(body: string): string | undefined {
  const lead = /^\s*/.exec(body)?.[0].length ?? 0;
  const match = trailerLabel.exec(body.slice(lead));
  if (!match) return undefined;
  const at = lead + match.index;
  if (inputWords.test(body.slice(at + 1))) return undefined;
  return body.slice(0, at);
}
