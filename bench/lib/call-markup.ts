/**
 * The tokens that open (and close) one tool call in the corpus formats, for the scorer's rules on
 * records whose parser met call markup it could not read (`vllm-schema-cases.ts`). A fixed list the
 * scorer owns, not reins' readers: the scorer must not judge reins by reins' own eyes.
 */
const pairs: ReadonlyArray<readonly [open: string, close: string]> = [
  ['<tool_call>', '</tool_call>'],
  ['<|tool_call>', '<tool_call|>'],
  ['<|tool_call_begin|>', '<|tool_call_end|>'],
  ['<|tool_call_start|>', '<|tool_call_end|>'],
  ['<｜tool▁call▁begin｜>', '<｜tool▁call▁end｜>'],
  ['<start_function_call>', '<end_function_call>'],
  ['<function', '</function>'],
  ['<invoke', '</invoke>'],
  ['<｜DSML｜invoke', '</｜DSML｜invoke>'],
  ['<atem:invoke', '</atem:invoke>'],
  ['<steptml:invoke', '</steptml:invoke>'],
  [']<]minimax[>[<tool_call>', ']<]minimax[>[</tool_call>'],
  ['<|python_start|>', '<|python_end|>'],
];

/** True when the text (after whitespace) opens with a call token: markup, not prose that mentions it. */
export function opensWithCallMarkup(text: string): boolean {
  const start = text.trimStart();
  return pairs.some(([open]) => start.startsWith(open));
}

/**
 * How many calls the text opens with the token of the call it is cut off inside (after the last
 * opening token of some pair, its closing token never comes); 0 when it ends outside every call. The
 * cut call must stand where markup stands (the text's or a line's start, or right after a tag), not
 * inside a sentence that mentions the token.
 */
export function cutCallOpenings(text: string): number {
  let most = 0;
  for (const [open, close] of pairs) {
    const last = text.lastIndexOf(open);
    if (last < 0 || text.includes(close, last + open.length)) continue;
    if (last > 0 && !/[\n>]\s*$/.test(text.slice(Math.max(0, last - 8), last))) continue;
    most = Math.max(most, text.split(open).length - 1);
  }
  return most;
}
