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
  ['<|content_invoke_tool_json|>', '<|end_message|>'],
  ['<|content_invoke_tool_text|>', '<|end_message|>'],
];

/** True when `index` stands where markup stands: the text's or a line's start, or right after a tag or token. */
const atMarkup = (text: string, index: number): boolean => index === 0 || /[\n>]\s*$/.test(text.slice(Math.max(0, index - 8), index));
/** A model's special token (`<|..|>`, `<｜..｜>`) is markup wherever it stands; a tag only where markup stands. */
const opensAt = (text: string, open: string, index: number): boolean => /^<[|｜]/.test(open) || atMarkup(text, index);

/**
 * The most calls the text opens with one call token, counting only openings that stand where markup
 * stands. More openings than a record's calls mean its parser dropped a call the model wrote (one it
 * could not read, or cut off): a correction is as right as the parser's choice.
 */
export function callOpenings(text: string): number {
  let most = 0;
  for (const [open] of pairs) {
    let count = 0;
    for (let index = text.indexOf(open); index >= 0; index = text.indexOf(open, index + open.length)) if (opensAt(text, open, index)) count++;
    most = Math.max(most, count);
  }
  return most;
}

/** True when the text (after whitespace) opens with a call token: markup, not prose that mentions it. */
export function opensWithCallMarkup(text: string): boolean {
  const start = text.trimStart();
  return pairs.some(([open]) => start.startsWith(open));
}

/**
 * True when the text's first call (opened by a call token that opens more than one) does not name
 * `name`, the first call its record expects: the record's parser dropped that first call.
 */
export function firstCallSkipped(text: string, name: string): boolean {
  for (const [open] of pairs) {
    const first = text.indexOf(open);
    if (first < 0 || !opensAt(text, open, first)) continue;
    const second = text.indexOf(open, first + open.length);
    if (second < 0) continue;
    return !text.slice(first, second).includes(name);
  }
  return false;
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
    if (!atMarkup(text, last)) continue;
    most = Math.max(most, text.split(open).length - 1);
  }
  return most;
}
