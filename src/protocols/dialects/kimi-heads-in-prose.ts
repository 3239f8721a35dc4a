/**
 * Kimi K2 calls whose tokens a server dropped, written among prose:
 *
 *   I'll ping it. functions.ping:0{"host": "a.de"} Request sent.
 *   <|tool_calls_section_begin|>..<|tool_calls_section_end|> Also: functions.ping:1{"host": "b.de"}
 *
 * The head `functions.<name>:<index>` right before a JSON object marks where each call starts and
 * its object where it ends, so nothing about the call's extent is guessed (unlike a bare
 * `name{..}` after prose, which `unwrapped-calls.ts` leaves to the call-attempt check). Each such
 * call gets its section and call tokens back and the Kimi K2 reader (`token-calls.ts`) reads the
 * reply, with its checks: prose stays prose beside the calls, a cut-off object is a correction.
 * Read only when every head names an offered tool and every object closes; otherwise nothing is
 * read here and the call-attempt check corrects the reply (`find-call-attempt.ts`), so no call the
 * reply holds is dropped. A head inside an earlier call's object is that value's text, and one in
 * quoted code is talk about a call (the reader skips it as code).
 */
import { closingBracketIndex } from '../extract/closing-bracket-index.ts';
import { failedReading, type DialectReader, type Reading } from '../reading.ts';
import { tokenCallsReader } from './token-calls.ts';

/**
 * A head with the `functions.` namespace (group 1: the tool's name), ending at its object's `{`. A
 * sentence's period may stand right before it (`..the directory.functions.LS:1{..}`): the head and
 * its index mark the call, not the space before it. A head right after `<|tool_call_begin|>` is a
 * call written with its tokens (its argument token left out), the token reader's own.
 */
const kimiHead = /(?<![\w-]|<\|tool_call_begin\|>\s*)functions\.([\w.-]*):\d+[^\S\n]*(?=\{)/g;

/** The reply with each bare call wrapped in Kimi K2's tokens, and each call's span on the reply; undefined when one cannot be read. */
function wrapped(text: string, offered: ReadonlySet<string>): { text: string; spans: Array<readonly [number, number]> } | undefined {
  let out = '';
  let from = 0;
  const spans: Array<readonly [number, number]> = [];
  for (const match of text.matchAll(kimiHead)) {
    if (match.index < from) continue;
    if (!offered.has(match[1] as string)) return undefined;
    const open = match.index + match[0].length;
    const end = closingBracketIndex(text, open);
    if (end < 0) return undefined;
    out += `${text.slice(from, match.index)}<|tool_calls_section_begin|><|tool_call_begin|>${match[0]}${text.slice(open, end)}<|tool_call_end|><|tool_calls_section_end|>`;
    spans.push([match.index, end]);
    from = end;
  }
  return spans.length === 0 ? undefined : { text: out + text.slice(from), spans };
}

export const kimiHeadsInProseReader: DialectReader = {
  dialect: 'kimi',
  needs: ':',
  read(text, context): Reading | undefined {
    if (!text.includes('functions.')) return undefined;
    const calls = wrapped(text, new Set(context.tools.map((tool) => tool.name)));
    if (!calls) return undefined;
    const reading = tokenCallsReader.read(calls.text, context);
    if (!reading || reading.failure) return reading;
    const tokened = text.includes('<|') ? tokenCallsReader.read(text, context) : undefined;
    // Every call must be read: one the token reader took for quoted code (backticks inside values
    // pair up as inline code) would otherwise be dropped while its span counts as read.
    if (reading.items.length !== calls.spans.length + (tokened?.items.length ?? 0)) {
      const message = `the reply holds ${calls.spans.length + (tokened?.items.length ?? 0)} Kimi K2 calls, but only ${reading.items.length} could be read: write each call as functions.name:0 and its JSON object, outside quoted code`;
      return { ...failedReading('kimi', { kind: 'no-decision', message }), conclusive: true };
    }
    // The token reader's spans are on the wrapped text; prose beside the calls is checked on the reply's
    // own: the bare calls' spans, and those of calls the reply wrote with their tokens.
    const spans = [...calls.spans, ...(tokened?.spans ?? [])].sort((a, b) => a[0] - b[0]);
    return { dialect: reading.dialect, items: reading.items, thoughts: reading.thoughts, repaired: true, spans };
  },
};
