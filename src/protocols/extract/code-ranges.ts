/**
 * Where a reply holds code written as Markdown: fenced blocks (a line opening with three or more
 * backticks or tildes, closed by a like fence or by the end of the text) and inline code spans (a run
 * of backticks closed by a run of the same length on the same line). A tool-call token inside code is
 * quoted, not called: a prose answer that shows `<tool_call>` in backticks is still an answer.
 */

/** Half-open `[start, end)` offsets into the text. */
export type CodeRange = readonly [start: number, end: number];

const fenceLine = /^ {0,3}(`{3,}|~{3,})[^\n]*$/gm;
const inlineSpan = /(?<!`)(`+)(?!`)[^\n]*?[^`\n](?<!`)\1(?!`)/g;

function fencedBlocks(text: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  let open: { start: number; fence: string } | undefined;
  for (const match of text.matchAll(fenceLine)) {
    const fence = match[1] ?? '';
    if (!open) open = { start: match.index, fence };
    else if (fence[0] === open.fence[0] && fence.length >= open.fence.length && match[0].trim() === fence) {
      ranges.push([open.start, match.index + match[0].length]);
      open = undefined;
    }
  }
  if (open) ranges.push([open.start, text.length]);
  return ranges;
}

/** Every code range of `text`, in order. */
export function codeRanges(text: string): CodeRange[] {
  const fences = fencedBlocks(text);
  const inFence = (index: number) => fences.some(([start, end]) => index >= start && index < end);
  const spans = [...text.matchAll(inlineSpan)]
    .filter((match) => !inFence(match.index))
    .map((match): CodeRange => [match.index, match.index + match[0].length]);
  return [...fences, ...spans].sort((left, right) => left[0] - right[0]);
}

/** True when `index` falls inside one of `ranges`. */
export function isInCode(ranges: readonly CodeRange[], index: number): boolean {
  return ranges.some(([start, end]) => index >= start && index < end);
}
