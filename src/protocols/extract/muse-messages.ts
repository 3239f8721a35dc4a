/**
 * MuseGlimmer output: a sequence of messages `[<|start|>assistant] to=R<|message|>BODY<|eom|>` (or
 * `<|eot|>`, `<|end_of_text|>` at the end of the turn). What a message is depends on its recipient:
 * - `self` is reasoning;
 * - `user` is the reply (its text, without the framing);
 * - any other recipient is a tool call, handed to the Muse reader (`dialects/muse.ts`);
 * - a message to the user or to no one whose body is one calls block and nothing else is a call whose
 *   header was fumbled (the model left the recipient out, or addressed the user): the block can be no
 *   part of an answer, so it is read as the call it is, named by its invoke (as Ollama reads it); cut
 *   off, it is a call cut off (refused), never an answer. With prose around it, the block is talk
 *   about a call (sglang and Ollama keep it as content).
 * A message ends at its end token, or where the next header starts (`<|start|>assistant`). A call
 * message may only start where no message is open, or after reasoning or another call: in prose a
 * header may be quoted (sglang keeps `to=user<|message|>see <|start|>assistant to=x..` as text), so
 * after a message to the user never ended the framing is broken, and the reply stays as written,
 * tokens included: refused, never run.
 * The framing of the first message may have been written by the chat template, so the reply can start
 * with ` to=R<|message|>` or `<|message|>`.
 * Call messages are handed on in one shape, `<|start|>assistant[ to=R]<|message|>BODY` and their end
 * token as written (no recipient where the header had none for a tool), each after the reply's start
 * or `<|eom|>` (written in where the message before was ended by the header), so the reader knows
 * where each may start.
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
const callsOpen = /\s*<atem:function_calls>/y;
const callsClose = '</atem:function_calls>';
/** A body that is one calls block and nothing else, or a calls block cut off (never closed). */
const callsOnly = /^\s*<atem:function_calls>(?:[\s\S]*<\/atem:function_calls>\s*|(?![\s\S]*<\/atem:function_calls>)[\s\S]*)$/;
const notTools = new Set(['self', 'user', 'assistant']);

/** Where the body starting at `from` ends: a calls block first runs to its close (values may hold any token). */
function bodyEnd(text: string, from: number): { end: number; token: string } {
  let searchFrom = from;
  callsOpen.lastIndex = from;
  if (callsOpen.test(text)) {
    const close = text.indexOf(callsClose, from);
    if (close >= 0) searchFrom = close + callsClose.length;
  }
  messageEnd.lastIndex = searchFrom;
  const found = messageEnd.exec(text);
  if (!found) return { end: text.length, token: '' };
  return { end: found.index, token: found[0].startsWith('<|start|>') ? '' : found[0] };
}

/** Reads Muse messages; undefined when `text` is not Muse output, or its framing is broken. */
export function readMuseMessages(text: string): MuseReading | undefined {
  // Harmony headers carry `<|channel|>`; Muse headers never do.
  if (!text.includes('<|message|>') || text.includes('<|channel|>') || !museOutput.test(text)) return undefined;
  const parts: string[] = [];
  const reasoning: string[] = [];
  // Whether a call message may start here: at the start, after `<|eom|>`, or after reasoning or a call.
  let mayCall = true;
  let ended = true;
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
    const isTool = recipient !== undefined && !notTools.has(recipient);
    const bodyStart = header.lastIndex;
    const { end, token } = bodyEnd(text, bodyStart);
    const body = text.slice(bodyStart, end);
    const isCall = isTool || (recipient !== 'self' && callsOnly.test(body));
    if (isCall && !mayCall) return undefined;
    // The end of a message ended by this header, made explicit for the reader.
    if (isCall && parts.length > 0 && !ended) parts.push('<|eom|>');
    if (recipient === 'self') reasoning.push(body.trim());
    // A call message ended by the next header gets the end token written in, so it ends there for the reader too.
    // Its start token only where the model wrote one: a correction then never names a token it did not write.
    else if (isCall) {
      const start = opened[0].includes('<|start|>') ? '<|start|>assistant' : '';
      const addressed = isTool ? `${start === '' ? '' : ' '}to=${recipient}` : '';
      parts.push(`${start}${addressed}<|message|>${body}${token || (end < text.length ? '<|eom|>' : '')}`);
    }
    // An end of turn with text after it stays as written: what follows was never a message.
    else parts.push(body + (token === '<|eom|>' || text.slice(end + token.length).trim() !== '' ? token : ''));
    // A header that ends reasoning or a call starts the next message; one inside prose may be quoted.
    mayCall = token === '<|eom|>' || (token === '' && (recipient === 'self' || isCall));
    ended = token === '<|eom|>';
    position = end + token.length;
    // After the end of the turn nothing is a message, even text shaped like one (a value may quote a
    // header): it stays as written, so a reader never takes a header out of it.
    if (token !== '' && token !== '<|eom|>' && position < text.length) {
      parts.push(text.slice(position));
      break;
    }
  }
  return { text: parts.join(''), reasoning };
}
