/**
 * A call written inside reasoning, when the reply after the reasoning makes none. Reasoning is never
 * a decision, so such a call is not run; but some models (Qwen3-Coder with thinking on, as oMLX
 * reports) write their real call there and only a preamble after it (`..<tool_call>{..}</tool_call>
 * </think>Let me create the file:`). Answering with the preamble would drop a call the model made,
 * silently. So where a reasoning block ends with a call (its last character closes the call's
 * markup) that reads whole and names an offered tool, and the reply is a plain answer, the turn is
 * corrected: the model writes the call after its reasoning, or answers without it. A call the
 * reasoning goes on past (`I could write <tool_call>..</tool_call> but I know it.`), a call of a
 * tool not on offer, or one that cannot be read, is thinking about calls and stays reasoning (the
 * answer stands). A call written in the model's call-section special tokens is no such thought (a
 * model emits those tokens to call, and text cannot quote them by accident), so it is corrected
 * wherever the reasoning holds it, read or not.
 */
import type { ParseResult } from './codec.ts';
import { callSectionTokens } from './extract/reply-markers.ts';
import { escapeRegExp } from './extract/marker-source.ts';
import type { ReadFailure } from './reading.ts';
import { sanitizeName } from './sanitize.ts';

/** The call-section tokens that are special tokens (`<|tool_call>`, `<｜tool▁calls▁begin｜>`, `[TOOL_CALLS]`), not tags. */
const specialCallSection = new RegExp(
  callSectionTokens
    .filter((token) => /[|｜]/.test(token) || token.startsWith('['))
    .map(escapeRegExp)
    .join('|'),
);

/**
 * The correction for `result`, a plain answer, when one of the `reasoning` blocks ends with call
 * markup and, read as a reply (`readAsReply`), runs a call, or holds call-section special tokens at
 * all; undefined otherwise.
 */
export function reasoningCall(result: ParseResult, reasoning: readonly string[], readAsReply: (text: string) => ParseResult): ReadFailure | undefined {
  if (!result.success || result.decisions.some((decision) => decision.action === 'call_tool')) return undefined;
  for (const block of reasoning) {
    // Only a call that ends the reasoning (its markup closes with one of these, and nothing follows), or one in special tokens.
    const special = specialCallSection.exec(block);
    if (!special && !/[>\])}]\s*$/.test(block)) continue;
    const read = readAsReply(block);
    const call = read.success ? read.decisions.find((decision) => decision.action === 'call_tool') : undefined;
    if (call && call.action === 'call_tool') {
      const name = sanitizeName(call.tool);
      return {
        kind: 'no-decision',
        message: `the reasoning holds a call of \`${name}\` and the reply after it makes none: write the call after the reasoning, or answer without it`,
        toolName: name,
      };
    }
    // Call tokens that do not read as a call are still a call the model began, not a thought.
    if (special) {
      return {
        kind: 'no-decision',
        message: `the reasoning holds call markup (\`${special[0]}\`) and the reply after it makes no call: write the whole call after the reasoning, or answer without it`,
      };
    }
  }
  return undefined;
}
