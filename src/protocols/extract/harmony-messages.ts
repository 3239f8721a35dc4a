/**
 * GPT-OSS harmony output: a sequence of messages
 * `<|start|>assistant[ to=R]<|channel|>C[ to=R][ <|constrain|>json]<|message|>BODY<|end|>` (or `<|call|>`,
 * `<|return|>`). What a message is depends on its header, not on its channel alone:
 * - a recipient (`to=functions.x`, `to=python`, ...; `to=assistant` is none) makes it a tool call,
 *   kept as written for the token-call reader, whatever its channel;
 * - the `analysis` channel without a recipient is reasoning;
 * - `final` and `commentary` without a recipient are the reply.
 * A header holding more than its channel and content type but no recipient `to=R` (`to = functions.x`,
 * `functions.x`) is kept as written: its body is neither the reply nor reasoning.
 * When the template opened the first message (`<|start|>assistant<|channel|>analysis<|message|>`), the
 * output starts with that body: text ending in `<|end|>` before the first `<|start|>` is reasoning.
 * Reasoning ends at the next `<|start|>` too; a call or a reply whose body reaches the next `<|start|>`
 * before its end token is not split there: from it on, the output is kept as written.
 */

export interface HarmonyReading {
  /** The reply text and any tool-call messages, in order, one per line. */
  text: string;
  reasoning: string[];
}

const harmonyOutput = /^\s*<\|(?:channel|start)\|>|<\|end\|>\s*<\|start\|>/;
const messageToken = '<|message|>';
const messageEnd = /<\|(?:end|call|return)\|>/;

function recipientOf(header: string): string | undefined {
  const recipients = [...header.matchAll(/\bto=([^\s<]+)/g)].map((match) => match[1] ?? '');
  return recipients.filter((recipient) => recipient !== 'assistant').at(-1);
}

/** A header's role, channel, content type and space (and `to=assistant`): what a header holds when it names no recipient. */
const plainHeader = /<\|start\|>|\b(?:to=)?assistant\b|<\|channel\|>\s*\w+|<\|constrain\|>\s*\w+|\s+/g;

function channelOf(header: string): string | undefined {
  return [...header.matchAll(/<\|channel\|>\s*(\w+)/g)].at(-1)?.[1];
}

/** Reads harmony messages; undefined when `text` is not harmony output. */
export function readHarmonyMessages(text: string): HarmonyReading | undefined {
  // Every harmony marker starts with `<|`: most replies hold none and skip the pattern.
  if (!text.includes('<|') || !harmonyOutput.test(text)) return undefined;
  const parts: string[] = [];
  const reasoning: string[] = [];
  const segments = text.split('<|start|>');
  for (const [index, segment] of segments.entries()) {
    const messageAt = segment.indexOf(messageToken);
    if (messageAt < 0) {
      const openedByTemplate = index === 0 ? /^([\s\S]*?)<\|end\|>\s*$/.exec(segment) : null;
      if (openedByTemplate) reasoning.push((openedByTemplate[1] ?? '').trim());
      // A header without a message (an unfinished call, say) stays as written.
      else if (segment.trim() !== '') parts.push(index === 0 ? segment : `<|start|>${segment}`);
      continue;
    }
    const header = segment.slice(0, messageAt);
    const rest = segment.slice(messageAt + messageToken.length);
    const end = messageEnd.exec(rest);
    const recipient = recipientOf(header);
    if (recipient === undefined && header.replace(plainHeader, '') !== '') {
      // More in the header than a channel (`commentary to = functions.x`, `commentary x`): a recipient
      // written in a way no reader reads. Its body is no reply and no reasoning: kept as written, refused.
      parts.push(index === 0 ? segment : `<|start|>${segment}`);
      continue;
    }
    const isReasoning = recipient === undefined && channelOf(header) === 'analysis';
    if (!end && !isReasoning && index < segments.length - 1) {
      // A call or a reply not ended before the next `<|start|>` may hold that token (in a JSON string,
      // say): the rest stays as written, for the readers to find where it really ends, or to refuse it.
      parts.push((index === 0 ? '' : '<|start|>') + segments.slice(index).join('<|start|>'));
      break;
    }
    const body = end ? rest.slice(0, end.index) : rest;
    if (recipient !== undefined) parts.push(`<|start|>${header}${messageToken}${body}`);
    else if (isReasoning) reasoning.push(body.trim());
    else parts.push(body);
    const after = end ? rest.slice(end.index + end[0].length) : '';
    if (after.trim() !== '') parts.push(after);
  }
  return { text: parts.join('\n'), reasoning };
}
