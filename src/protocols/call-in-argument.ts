/**
 * A call read from inside another call's argument element (`<atem:parameter name="text"><tool_call>..
 * </tool_call></atem:parameter>`, `<parameter=x><function=..>..</parameter>`) has two readings: the
 * inner call the model wrote, or the text of the outer call's argument, a call shown, not made. Which
 * one the model meant is not reins' guess, so the reply is corrected, never run as the inner call
 * alone (a reader that does not read the outer block would otherwise run the call it quotes).
 * Only argument elements count: a call's wrapper around its own calls is framing (`dialect-framing.ts`).
 */
import type { ReadFailure } from './reading.ts';

/** Argument elements of the call dialects, as `[open, close]` patterns. */
const argumentElements: ReadonlyArray<readonly [RegExp, string]> = [
  [/<atem:parameter\b/g, '</atem:parameter>'],
  [/<parameter\b/g, '</parameter>'],
  [/<arg_value>/g, '</arg_value>'],
];

/** Where `needle` (a pattern, or a literal) occurs in `text`, in order. */
function positions(text: string, needle: RegExp | string): number[] {
  if (typeof needle !== 'string') return [...text.matchAll(needle)].map((match) => match.index);
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/**
 * A failure when a span read lies inside an argument element opened
 * before it and closed after it; undefined otherwise. Each element's tags are found once, and the
 * spans walk them in order.
 */
export function callInArgument(text: string, spans: ReadonlyArray<readonly [number, number]>): ReadFailure | undefined {
  const ordered = [...spans].sort((a, b) => a[0] - b[0]);
  for (const [open, close] of argumentElements) {
    // Without the element's closing tag no call can sit inside one.
    if (!text.includes(close)) continue;
    const opens = positions(text, open);
    if (opens.length === 0) continue;
    const closes = positions(text, close);
    const lastClose = closes.at(-1) ?? -1;
    let openedBefore = 0;
    let closedBefore = 0;
    for (const [start, end] of ordered) {
      while (openedBefore < opens.length && (opens[openedBefore] ?? 0) < start) openedBefore++;
      while (closedBefore < closes.length && (closes[closedBefore] ?? 0) + close.length <= start) closedBefore++;
      if (openedBefore > closedBefore && lastClose >= end) {
        const element = close.slice(2, -1);
        return {
          kind: 'no-decision',
          message: `the reply holds a call inside the <${element}> element of another call: write each call on its own, or the argument's text without call markup`,
        };
      }
    }
  }
  return undefined;
}
