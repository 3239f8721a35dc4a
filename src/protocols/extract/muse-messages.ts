/**
 * MuseGlimmer output: a sequence of messages `[<|start|>assistant] to=R<|message|>BODY<|eom|>` (or
 * `<|eot|>`, `<|end_of_text|>` at the end of the turn). What a message is depends on its recipient:
 * - `self` is reasoning;
 * - `user` is the reply (its text, without the framing);
 * - any other recipient is a tool call, kept as written for the Muse reader (`dialects/muse.ts`),
 *   when it opens the reply or follows a message ended with `<|eom|>`; after a message never ended,
 *   the framing is broken and the reply stays as written, tokens included: refused, never run.
 * A message with no recipient is kept as its body. A message to the user (or to no one) whose body is
 * one calls block and nothing else is a call in the wrong message: it keeps its framing, so it is
 * refused (a special token in the reply), neither run nor answered; with prose around it, the block is
 * talk about a call (sglang and Ollama keep it as content). The framing of the first message may have been
 * written by the chat template, so the reply can start with ` to=R<|message|>` or `<|message|>`.
 */

export interface MuseReading {
  /** The reply text and the tool-call messages, in order. */
  text: string;
  reasoning: string[];
}

const museOutput = /^\s*(?:<\|start\|>assistant)?\s*(?:to=[^\s<]+\s*)?<\|message\|>/;
/** A message's header at `lastIndex` (sticky): the optional start token and recipient, then `<|message|>`. */
const header = /\s*(?:<\|start\|>assistant)?\s*(?:to=([^\s<]+))?\s*<\|message\|>/y;
const messageEnd = /<\|(?:eom|eot|end_of_text)\|>|<\|start\|>assistant/g;
const callsClose = '</atem:function_calls>';
/** A body that is one calls block and nothing else. */
const callsOnly = /^\s*<atem:function_calls>[\s\S]*<\/atem:function_calls>\s*$/;

/** Where the body starting at `from` ends: a tool's calls block first runs to its close (values may hold any token). */
function bodyEnd(text: string, from: number, isTool: boolean): { end: number; token: string } {
  let searchFrom = from;
  if (isTool && text.startsWith('<atem:function_calls>', from)) {
    const close = text.indexOf(callsClose, from);
    if (close >= 0) searchFrom = close + callsClose.length;
  }
  messageEnd.lastIndex = searchFrom;
  const found = messageEnd.exec(text);
  if (!found) return { end: text.length, token: '' };
  return { end: found.index, token: found[0].startsWith('<|start|>') ? '' : found[0] };
}

/** Reads Muse messages; undefined when `text` is not Muse output. */
export function readMuseMessages(text: string): MuseReading | undefined {
  // Harmony headers carry `<|channel|>`; Muse headers never do.
  if (!text.includes('<|message|>') || text.includes('<|channel|>') || !museOutput.test(text)) return undefined;
  const parts: string[] = [];
  const reasoning: string[] = [];
  let endedWithEom = true;
  let position = 0;
  while (position < text.length) {
    header.lastIndex = position;
    const opened = header.exec(text);
    if (!opened) {
      // Text after a message that is not another message: kept as written.
      parts.push(text.slice(position));
      break;
    }
    const recipient = opened[1];
    const isTool = recipient !== undefined && recipient !== 'self' && recipient !== 'user' && recipient !== 'assistant';
    const bodyStart = header.lastIndex;
    const { end, token } = bodyEnd(text, bodyStart, isTool);
    const body = text.slice(bodyStart, end);
    if (recipient === 'self') reasoning.push(body.trim());
    else if (!isTool) parts.push(callsOnly.test(body) ? text.slice(position, end + token.length) : body + (token === '<|eom|>' ? token : ''));
    // A tool message after a message never ended: the framing is broken; the reply stays as written.
    else if (!endedWithEom) return undefined;
    else parts.push(`<|start|>assistant to=${recipient}<|message|>${body}${token}`);
    endedWithEom = token === '<|eom|>';
    position = end + token.length;
  }
  return { text: parts.join(''), reasoning };
}
