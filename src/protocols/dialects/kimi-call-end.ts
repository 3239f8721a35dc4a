/**
 * Completeness for Kimi K2 calls inside a call section: each call the model begins with
 * `<|tool_call_begin|>` ends with `<|tool_call_end|>` right after its arguments. A call whose section
 * closes (or whose next call begins) with its own end token never written is unclosed markup, as
 * vLLM's and sglang's Kimi K2 readers, which need that token, leave it; reins corrects it rather than
 * guess where the call ended. Without section tokens (llama.cpp's tests write Kimi K2 calls bare) the
 * end token may be missing after complete arguments: that form is read as before.
 */

const callBegin = /^<\|tool_call_begin\|>/;
const sectionOpen = /<\|tool_calls?_section_begin\|>/g;
const callEnd = /^\s*<\|tool_call_end\|>/;

/**
 * True where the call matched at `callAt` (its match text `head`) sits in a call section opened before
 * it and its arguments, ending at `argumentsEnd`, are not followed by `<|tool_call_end|>`.
 */
export function kimiCallEndMissing(text: string, head: string, callAt: number, argumentsEnd: number): boolean {
  if (!callBegin.test(head)) return false;
  const before = text.slice(0, callAt);
  if ([...before.matchAll(sectionOpen)].length === 0) return false;
  return !callEnd.test(text.slice(argumentsEnd));
}
