/**
 * A tool's result the model wrote between two of its calls:
 *
 *   <search>tides</search>
 *   <information>High tide at 9:15.</information>
 *   <search>ferries after 9:15</search>
 *
 * Frameworks that prompt for such calls stop the model after each one and write the result element
 * themselves (Search-R1's `<information>`, an `<observation>`, a `<tool_result>`). A model that is not
 * stopped makes the result up and plans its next call on it: that call is no call to run. Where the
 * accepted reading's calls have an element named for a result between them (a word of its name is
 * `result`, `response`, `output`, `observation` or `information`), the reply is corrected, however
 * many calls are allowed. A result made up after the last call is prose, dropped with the rest; one
 * inside a call's values is that value. ReAct's `Observation:` line follows the same rule
 * (`react-text.ts`); a tool's turn written after an end-of-turn token ends the reply (`invented-tool-turn.ts`).
 */
import { isResultElementName } from './dialects/call-named-element.ts';
import type { ReadFailure } from './reading.ts';

const openingTag = /<([A-Za-z][\w:.-]{0,40})(?:\s[^<>]*)?>/g;

/** The name of a closed element named for a result in `piece`, or undefined. */
function resultElement(piece: string): string | undefined {
  // Each name is looked up once, from its first opening: a piece of many openings stays one pass.
  const seen = new Set<string>();
  for (const match of piece.matchAll(openingTag)) {
    const name = match[1] ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    if (isResultElementName(name) && piece.includes(`</${name}>`, match.index)) return name;
  }
  return undefined;
}

/** A failure naming a result element the model wrote between two calls read from `spans`; undefined when there is none. */
export function inventedResult(text: string, spans: ReadonlyArray<readonly [number, number]>): ReadFailure | undefined {
  for (let index = 1; index < spans.length; index++) {
    const between = text.slice(spans[index - 1]?.[1] ?? 0, spans[index]?.[0] ?? 0);
    const name = between.includes('</') ? resultElement(between) : undefined;
    if (name) return { kind: 'no-decision', message: `the reply holds <${name}> between two calls, a result it wrote itself: results come from the tools, so end the reply after the calls` };
  }
  return undefined;
}
