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

const count = (pattern: RegExp, text: string): number => text.match(pattern)?.length ?? 0;

/** A failure when a span read lies inside an argument element opened before it and closed after it; undefined otherwise. */
export function callInArgument(text: string, spans: ReadonlyArray<readonly [number, number]>): ReadFailure | undefined {
  for (const [start, end] of spans) {
    const before = text.slice(0, start);
    const after = text.slice(end);
    for (const [open, close] of argumentElements) {
      const opened = count(open, before) - before.split(close).length + 1;
      if (opened > 0 && after.includes(close)) {
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
