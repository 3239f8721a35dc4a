/**
 * Functionary v2 messages: `<|from|>assistant\n<|recipient|>get_weather\n<|content|>{"city": "Oslo"}`,
 * one message per call, the reply ended by `<|stop|>`; the recipient `all` addresses the user. A
 * chat template that ends the prompt with `<|from|>assistant\n<|recipient|>` leaves the first header
 * out of the reply, so the first message may start with the recipient's name alone.
 *
 * Read from the reply's start: every call's content one JSON object, closed, read as every
 * name-then-JSON form reads it (`json-arguments-at.ts`); text after the last call is the reply's prose, checked like any. A reply that
 * is one `all` message is the answer. A message cut off or unreadable is a correction; a reply mixing
 * a message to the user with calls is left to the call-attempt check, which corrects the tokens.
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { jsonArgumentsAt } from './json-arguments-at.ts';

const dialect = 'functionary-v2';
/** A message's header at the reading position (sticky); the first may lack `<|from|>` and `<|recipient|>`. Groups: the recipient. */
const header = /[ \t]*(?:<\|from\|>[ \t]*assistant[ \t]*\r?\n[ \t]*)?(?:<\|recipient\|>)?[ \t]*([A-Za-z_][\w.-]*)[ \t]*\r?\n[ \t]*<\|content\|>[ \t]*/y;
const stop = /[ \t]*<\|stop\|>/y;

export const functionaryV2Reader: DialectReader = {
  dialect,
  needs: '|',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<|content|>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    let at = /^\s*/.exec(text)?.[0].length ?? 0;
    for (;;) {
      header.lastIndex = at;
      const match = header.exec(text);
      if (!match) break;
      const name = match[1] ?? '';
      const open = header.lastIndex;
      if (name === 'all') {
        // A message to the user is the answer only when it is the whole reply.
        if (items.length > 0 || at !== (/^\s*/.exec(text)?.[0].length ?? 0)) return undefined;
        const answer = text.slice(open).replace(/<\|stop\|>\s*$/, '').trim();
        return answer.includes('<|') ? undefined : { dialect, items: [{ action: 'answer_user', answer }], thoughts: [], repaired: false };
      }
      if (text[open] !== '{') {
        const shown = sanitizeName(name);
        return failedReading(dialect, { kind: 'invalid-json', message: `the content of the message to \`${shown}\` must be its JSON arguments, one object`, toolName: shown });
      }
      const read = jsonArgumentsAt(dialect, text, open, name);
      if (!read.ok) return read.failure;
      repaired ||= read.repaired;
      items.push(callItem(name, read.args, tools));
      const end = read.end;
      stop.lastIndex = end;
      const after = stop.exec(text) ? stop.lastIndex : end;
      spans.push([at, after]);
      at = after + (/^\s*/.exec(text.slice(after))?.[0].length ?? 0);
    }
    // Text after the last message is the reply's prose, checked like any (`stray-prose.ts`).
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
