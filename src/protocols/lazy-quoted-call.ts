/**
 * A Markdown blockquote (`> ..`) is the model quoting someone: its lines are blanked before any reader
 * looks at a reply (`extract/blank-quoted.ts`), so a call written there never runs. CommonMark also
 * quotes the lines right under a quoted paragraph line that lack their own `>` (lazy continuation),
 * and those are blanked too; but a model may have written a real call right under a quote, forgetting
 * the blank line that ends it. Where such lines hold a call (or a call attempt), both readings stand:
 * the call quoted, or the call meant. Neither is safe to take silently, so the turn is corrected,
 * naming the ambiguity. A call on the `>` lines themselves is a quotation only. `parse-turn.ts` asks
 * only where the reply read as written takes other decisions than its blanked reading: where both
 * agree, the quote was text inside a value (a Markdown file's example) and reads one way.
 */
import { blockquotes } from './extract/blockquotes.ts';
import type { ReadFailure } from './reading.ts';

/**
 * The correction for `written` when the lazy lines of its quotes hold a call, as `holdsCall` reads
 * their text; else undefined. The runs are read as one text, a blank line between them, so a reply of
 * many quotes costs one reading; a call pieced together across two runs is corrected too.
 */
export function lazyQuotedCall(written: string, holdsCall: (lines: string) => boolean): ReadFailure | undefined {
  const runs = blockquotes(written).flatMap(({ lazy }) => (lazy ? [written.slice(lazy[0], lazy[1])] : []));
  if (runs.length === 0 || !holdsCall(runs.join('\n\n'))) return undefined;
  return {
    kind: 'no-decision',
    message:
      'the reply holds a tool call right under a > quote line, so Markdown reads it as part of the quote: to run it, put a blank line between the quote and the call; to show it, start each of its lines with >',
  };
}
