/**
 * Functionary v2 messages: each is a recipient and its content between special tokens,
 *
 *   <|from|>assistant\n<|recipient|>get_weather\n<|content|>{"location": "Hanoi"}<|stop|>
 *
 * and the chat template writes the first `<|from|>assistant\n<|recipient|>` into the prompt, so a
 * reply may start at the recipient's name. `all` addresses the user: alone it is the answer, beside
 * calls the model's plan. Any other recipient is a call; its content is a JSON object of arguments,
 * or raw text for a tool of one text argument (Functionary's `python`), read like a ReAct input
 * (`toolInputArgs`). The reply must be messages from start to end: text before the first one is not
 * this dialect. A message cut off inside its JSON object, text after a message's JSON arguments and
 * text after `<|stop|>` are corrections.
 */
import type { Thought } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading, offeredTool } from '../reading.ts';
import { readToolInput, toolInputArgs } from './tool-input.ts';
import { findJsonSpans } from '../extract/find-json-spans.ts';
import { sanitizeName } from '../sanitize.ts';
import { specialTokenIn } from './find-call-attempt.ts';

const dialect = 'functionary-v2';
/**
 * One message: the header and the recipient (the header may be left out, the template wrote it: then
 * the recipient ends its line), `<|content|>`, then the content up to the next header or the end.
 * A line may be indented (a reply indented as a whole).
 */
const message = /(?:<\|from\|>\s*assistant\s*<\|recipient\|>[ \t]*([A-Za-z_][\w.-]*)[ \t]*(?:\r?\n[ \t]*)?|([A-Za-z_][\w.-]*)[ \t]*\r?\n[ \t]*)<\|content\|>([\s\S]*?)(?=\s*<\|from\|>|<\|stop\|>|$)/y;
const stop = /\s*<\|stop\|>\s*$|\s*$/y;

/** What a correction says of text where none belongs: the special token it holds, or to end the reply. */
function describeRest(rest: string): string {
  const token = specialTokenIn(rest);
  return token === undefined ? 'end the reply there' : `it holds the special token ${token}`;
}

export const functionaryV2Reader: DialectReader = {
  dialect,
  needs: '<', // `<|content|>` opens every message
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<|content|>')) return undefined;
    const items: unknown[] = [];
    const thoughts: Thought[] = [];
    const texts: string[] = [];
    let at = /^\s*/.exec(text)?.[0].length ?? 0;
    for (;;) {
      message.lastIndex = at;
      const match = message.exec(text);
      if (!match) break;
      const recipient = match[1] ?? match[2] ?? '';
      const content = (match[3] ?? '').trim();
      at = message.lastIndex;
      // The separator before the next message (a line break) is the message's own.
      at += /^\s*/.exec(text.slice(at))?.[0].length ?? 0;
      if (recipient === 'all') {
        if (content !== '') texts.push(content);
        continue;
      }
      const tool = offeredTool(tools, recipient);
      // A message's JSON arguments are its whole content: text after the object is no part of the call.
      const [object] = content.startsWith('{') ? findJsonSpans(content, 1) : [];
      if (object && object.complete && content.slice(object.end).trim() !== '') {
        return { ...failedReading(dialect, { kind: 'invalid-args', message: `the message to \`${sanitizeName(recipient)}\` holds text after its JSON arguments: ${describeRest(content.slice(object.end))}` }), conclusive: true };
      }
      const args = toolInputArgs(readToolInput(content), tool);
      if (!args.ok) return { ...failedReading(dialect, args.failure), conclusive: true };
      items.push(callItem(recipient, args.args, tools));
    }
    if (at === 0) return undefined;
    stop.lastIndex = at;
    if (!stop.test(text) || stop.lastIndex !== text.length) {
      // Text after `<|stop|>` was written past the end of the turn; anything else is not this dialect's reply.
      const ended = /^\s*<\|stop\|>/.exec(text.slice(at));
      if (!ended) return undefined;
      return { ...failedReading(dialect, { kind: 'no-decision', message: `the reply goes on after <|stop|>: ${describeRest(text.slice(at + ended[0].length))}` }), conclusive: true };
    }
    const spans: Array<readonly [number, number]> = [[0, text.length]];
    if (items.length === 0) {
      if (texts.length === 0) return undefined;
      return { dialect, items: [{ action: 'answer_user', answer: texts.join('\n\n') }], thoughts, repaired: true, spans };
    }
    for (const plan of texts) thoughts.push({ type: 'PLAN', content: plan });
    return { dialect, items, thoughts, repaired: true, spans };
  },
};
