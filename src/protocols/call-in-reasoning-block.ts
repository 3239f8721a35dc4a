/**
 * A call read from inside a reasoning block in the middle of a reply. Leading reasoning is stripped
 * before any reader looks (`stripReplyMarkers`), and a block right after a call is reasoning too
 * (`interleaved-reasoning.ts`); any other closed block (`Hello <think>draft <tool_call>..</tool_call>
 * </think> bye`, or one on the line of the call before it) stays in the text the readers see, so a
 * call drafted inside it was run. Reasoning is never a decision, and which of the model's words
 * were its decision is not reins' guess: a call read from inside such a block is corrected. A block
 * whose opening tag lies inside a call's span is an argument's text, and stays one.
 */
import type { ReadFailure } from './reading.ts';
import { mayHoldReasoningBlock, reasoningBlock } from './extract/interleaved-reasoning.ts';

/**
 * The correction when one of `spans` (the calls read from `text`) lies inside
 * a reasoning block opened outside every call; undefined otherwise. Blocks and spans are walked once, together.
 */
export function callInReasoningBlock(text: string, spans: ReadonlyArray<readonly [number, number]>): ReadFailure | undefined {
  if (!mayHoldReasoningBlock(text)) return undefined;
  const ordered = [...spans].sort((a, b) => a[0] - b[0]);
  let next = 0;
  let coveredTo = 0;
  for (const match of text.matchAll(reasoningBlock)) {
    const start = match.index;
    const end = start + match[0].length;
    for (; next < ordered.length && (ordered[next]?.[0] ?? 0) <= start; next++) coveredTo = Math.max(coveredTo, ordered[next]?.[1] ?? 0);
    // A block opened inside a call is an argument's text.
    if (start < coveredTo) continue;
    const following = ordered[next];
    if (!following || following[1] > end) continue;
    const opening = /^<[^<>\n]{1,40}>/.exec(match[0])?.[0] ?? 'reasoning';
    return {
      kind: 'no-decision',
      message: `the reply writes a call inside its reasoning (${opening} .. ): reasoning is never run; write the call outside the reasoning, or leave it out`,
    };
  }
  return undefined;
}
