/**
 * The labels that say a code fence holds tool calls, not a quotation: Gemma 3's and Gemini's
 * ```` ```tool_code ````, and the spellings models use for the same (```` ```tool_call ````,
 * ```` ```function_calls ````, ```` ```tool_use ````). Such a fence around the whole reply stays for
 * its reader (`normalize-output.ts`, `call-fence.ts`), and one no reader took is a call attempt.
 */
import { codeRanges } from './code-ranges.ts';

export const callFenceLabel = 'tool_code|tool_calls?|function_calls?|tool_use';

/** A line opening a fence with one of those labels and nothing after it. */
const callFenceLine = new RegExp(`^[ \\t]*\`{3,}[ \\t]*(?:${callFenceLabel})[ \\t]*$`, 'gm');

/**
 * True when `text` opens a fence labelled as calls outside any other fenced block: one inside a
 * fence of more backticks is an example shown there, and says nothing about this reply.
 */
export function holdsCallFence(text: string): boolean {
  if (!text.includes('```')) return false;
  const lines = [...text.matchAll(callFenceLine)];
  if (lines.length === 0) return false;
  const fences = codeRanges(text);
  return lines.some((line) => !fences.some(([start, end]) => start < line.index && line.index < end));
}
