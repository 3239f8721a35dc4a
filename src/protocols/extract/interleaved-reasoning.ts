/**
 * Reasoning written after a call. A thinking model may think again between its calls (interleaved
 * thinking; an RL rollout's turn that drafts a call, then writes the one it means): the reply is then
 * `<tool_call>..</tool_call> <think>..</think> <tool_call>..</tool_call>`. Only leading reasoning is
 * stripped by `stripReplyMarkers`, so such a block would be read as prose, and a call drafted inside
 * it would run. A closed reasoning block (a `reasoning` pair of `reply-markers.ts`) that stands right
 * after a call's closing tag or token and is followed by the reply's end or by more markup is
 * reasoning too: removed with what it holds, never a decision.
 *
 * A call's closing tag is told by its name (it holds `call`, `tool`, `function`, `invoke` or `action`:
 * `</tool_call>`, `</function>`, `</invoke>`, `<|tool_call_end|>`, Gemma 4's `<tool_call|>`) and the
 * block starts a later line, so a `<think>` written inside an argument's markup after some other
 * element (`</b> <think>`) or inside a JSON string stays that argument's text. A block holding Kimi's call-section tokens is left to the Kimi readers,
 * whose servers run calls written inside reasoning.
 */
import { markerSource } from './marker-source.ts';
import { replyMarkers } from './reply-markers.ts';

export interface InterleavedReasoning {
  /** The reply without the reasoning blocks found between calls. */
  text: string;
  /** Their text, in order. */
  reasoning: string[];
}

const reasoningPairs = replyMarkers.filter((marker) => marker.kind === 'reasoning');
const pairSources = reasoningPairs.map((marker) => `(?:${markerSource(marker.open)})([\\s\\S]*?)(?:${markerSource(marker.close)})`);
/** One closed reasoning block of any pair (global; `matchAll` copies it): the group of the pair that matched holds its text. */
export const reasoningBlock = new RegExp(pairSources.join('|'), 'gi');
/** Any reasoning pair's close marker: a text without one holds no closed block (a quick look before the block pattern). */
const reasoningClose = new RegExp(reasoningPairs.map((marker) => markerSource(marker.close)).join('|'), 'i');

/** False when `text` cannot hold a closed reasoning block. */
export const mayHoldReasoningBlock = (text: string): boolean => reasoningClose.test(text);
const callWord = '[^<>\\n]*(?:call|tool|function|invoke|action)[^<>\\n]*';
/**
 * A call's closing tag or end token ending a line, then the block's line: a JSON string holds no raw
 * line break, so a block inside a JSON argument is never taken for one.
 */
const callClose = new RegExp(`(?:<\\/${callWord}>|<[|｜]${callWord}[|｜]>|<${callWord}[|｜]>)[ \\t]*\\r?\\n\\s*$`, 'i');
/** What may follow the block: nothing, or more markup (`<` or `[`). */
const markupAfter = /\s*(?:$|[<[])/y;

/** True when only space, then the reply's end or markup, follows `end`. */
function markupFollows(text: string, end: number): boolean {
  markupAfter.lastIndex = end;
  return markupAfter.test(text);
}
const kimiCalls = /<\|tool_calls_section_begin\|>|<\|tool_call_begin\|>|<\|open\|>[ \t]*tools[ \t]*<\|sep\|>/;

/**
 * The text before `start` from the last tag that ends the text before it (`<` .. `>`, space after it):
 * all `callClose` needs, since a tag holds no `<`; so each block looks back over one tag, not the whole reply.
 */
function tagBefore(text: string, start: number): string {
  let end = start;
  while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--;
  return text.slice(Math.max(0, text.lastIndexOf('<', end - 1)), start);
}

export function withoutInterleavedReasoning(text: string): InterleavedReasoning {
  const reasoning: string[] = [];
  if (!mayHoldReasoningBlock(text)) return { text, reasoning };
  let kept = '';
  let from = 0;
  for (const match of text.matchAll(reasoningBlock)) {
    const start = match.index;
    const end = start + match[0].length;
    const inner = match.slice(1).find((group) => group !== undefined) ?? '';
    if (!callClose.test(tagBefore(text, start)) || !markupFollows(text, end) || kimiCalls.test(inner)) continue;
    kept += text.slice(from, start);
    reasoning.push(inner.trim());
    from = end;
  }
  if (reasoning.length === 0) return { text, reasoning };
  return { text: kept + text.slice(from), reasoning };
}
