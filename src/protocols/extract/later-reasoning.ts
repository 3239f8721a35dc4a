/**
 * Reasoning a thinking model writes again later in its answer (`<think>step 1</think>partial<think>step
 * 2</think>final`, interleaved thinking). `stripReplyMarkers` removes only the reasoning that opens the
 * reply, so that an answer that merely mentions the tags keeps them. Once the reply did open with
 * reasoning, the model writes its thoughts in those tags: a later closed block of any reasoning pair
 * (`reply-markers.ts`) outside code in a plain-text answer is reasoning too, dropped from the answer
 * rather than shown to the user. A reply with no leading reasoning keeps every such block as written.
 * Only the answer is stripped: readers and the call-attempt check see the reply as written.
 */
import { codeRanges, isInCode } from './code-ranges.ts';
import { reasoningBlock } from './interleaved-reasoning.ts';

/** `answer` without its later closed reasoning blocks, where the reply opened with reasoning; else `answer`. */
export function withoutLaterReasoning(answer: string, openedWithReasoning: boolean): string {
  if (!openedWithReasoning) return answer;
  const code = answer.includes('`') ? codeRanges(answer) : [];
  let kept = '';
  let from = 0;
  for (const match of answer.matchAll(reasoningBlock)) {
    if (isInCode(code, match.index)) continue;
    kept += answer.slice(from, match.index);
    from = match.index + match[0].length;
  }
  if (from === 0) return answer;
  return (kept + answer.slice(from)).replace(/\n{3,}/g, '\n\n').trim();
}
