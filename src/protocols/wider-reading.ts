/**
 * A reading is checked for the whole reply (`uncovered-call.ts`, `stray-prose.ts`): one that reads
 * the calls but leaves markup around them is corrected. Readers are tried in a fixed order, and a
 * reader of bare calls comes before the reader of the same calls inside a wrapper:
 *
 *   <tool_call>
 *   get_weather(city="Oslo")
 *   </tool_call>
 *
 * reads as a keyword call with the `<tool_call>` lines left over, and the wrapper's reader, later in
 * the order, reads the same call and accounts for every character. So the first partial reading does
 * not end the search: a later reading that passes the whole-reply checks wins when it takes the very
 * same decisions (same tools, same arguments, same order). It cannot change what runs, only turn a
 * correction of a readable reply into its reading; a later reading that takes other decisions never
 * wins, and the first partial reading's correction stands. Only the wrapper's reader may widen a
 * partial reading: another reader of the same calls (a bare JSON call read out of `<tool_call>`
 * markup) leaves the rest as prose its own checks may not refuse the same way (a special token after
 * the call, `<|end_message|>`, was accepted so), and the first correction must stand there. Harmony's
 * reader is a wrapper's too: its header and `<|message|>` frame a JSON call a bare reader read first
 * (a body restating the call, `restated-call.ts`), and its own checks refuse a token left after it.
 */
import type { ParseResult } from './codec.ts';
import { wrappedBareCallDialect } from './dialects/wrapped-bare-call.ts';

type Accepted = Extract<ParseResult, { success: true }>;

/** Each decision's action, tool and arguments, in order, as one text. */
const taken = (result: Accepted): string =>
  JSON.stringify(result.decisions.map((decision) => (decision.action === 'call_tool' ? [decision.tool, decision.args] : [decision.action])));

/** The first reading whose calls were read but left markup over: its accepted calls and its correction. */
export interface PartialReading {
  calls: Accepted;
  correction: ParseResult;
}

/** True when `checked` (a reading that passed or failed the whole-reply checks) is the reply's reading: it passed, and takes what `partial` took, if anything was partial. */
export function widens(partial: PartialReading | undefined, checked: ParseResult, dialect: string): boolean {
  if (!checked.success) return false;
  return partial === undefined || ((dialect === wrappedBareCallDialect || dialect === 'harmony') && taken(partial.calls) === taken(checked));
}
