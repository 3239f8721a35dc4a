/**
 * Completeness of wrapper blocks (invariant 2): a call runs only when its markup is closed. Some
 * readers find a call's value wherever it stands (the JSON readers, a pythonic list) and take the
 * tokens around it as framing; a block those tokens open must then also be closed after the call,
 * or the reply was cut off inside it (the model may have meant more calls, or more of this one).
 *
 * Only families whose own parser requires the closing token are listed, so their blocks are read
 * as their servers read them:
 *   <|tool_call_start|>[..]<|tool_call_end|>   LFM2 (Liquid; mistral.rs buffers a block left open)
 *   <tool_calls>[{..}]</tool_calls>            Hunyuan's JSON list (mistral.rs, Hunyuan's parser)
 *   <tool_calls><tool_call>..</tool_calls>     HY v3's section of GLM-style calls (mistral.rs)
 *   <tool_use>{..}</tool_use>                  avante.nvim's calls (its ReAct parser)
 *   <seed:tool_call>..</seed:tool_call>        Seed-OSS, Doubao Seed (vLLM's, LobeHub's parsers)
 * MiniMax's `<tool_calls>` block of one object per line and Llama 4's `<|python_start|>` list are read
 * without their end, as their servers read them, and are not listed.
 */
import { escapeRegExp, type ReadFailure } from './reading.ts';
import { callAttemptHint } from './dialects/find-call-attempt.ts';

interface Wrapper {
  /** Text every block start holds, looked up before the pattern runs. */
  token: string;
  /** Global; where a block starts. */
  open: RegExp;
  /** The token that must follow the block's calls. */
  close: string;
}

const wrappers: readonly Wrapper[] = [
  { token: '<|tool_call_start|>', open: /<\|tool_call_start\|>/g, close: '<|tool_call_end|>' },
  // Hunyuan's block holds a JSON list, HY v3's `<tool_call>` elements; MiniMax's (one object per line) is not this wrapper.
  { token: '<tool_calls>', open: /<tool_calls>(?=\s*(?:\[|<tool_call>))/g, close: '</tool_calls>' },
  // avante.nvim's `<tool_use>{"name", "input"}</tool_use>` (its parser holds a block left open as a
  // partial call). An opening tag alone is no wrapper in general: Glaive's `<functioncall>` and
  // Granite's `<function_call>` are prefixes that are never closed.
  { token: '<tool_use>', open: /<tool_use>/g, close: '</tool_use>' },
  // Seed-OSS and Doubao Seed: their parsers (vLLM's, LobeHub's) read a call only once `</seed:tool_call>`
  // is written. Doubao's replies may lose the opening tag's brackets (`seed:tool_call<function ..>`).
  { token: 'seed:tool_call', open: /<?seed:tool_call>?(?=\s*<(?:function|invoke))/g, close: '</seed:tool_call>' },
];

/** Any wrapper's token: most replies hold none, and one look tells. */
const anyToken = new RegExp(wrappers.map(({ token }) => escapeRegExp(token)).join('|'));

/** Space and a code fence line between a wrapper token and its calls. */
const gap = /^\s*(?:```[\w-]*\s*)?$/;

/**
 * Whether the block whose first call was read from `spans[first]` ends with `close`: inside its last
 * span, or right after it. The block's calls are the spans that follow one another with only space
 * or commas between them.
 */
function closedAfter(text: string, spans: ReadonlyArray<readonly [number, number]>, first: number, close: string): boolean {
  let last = spans[first] as readonly [number, number];
  for (let index = first + 1; index < spans.length; index++) {
    const next = spans[index] as readonly [number, number];
    if (!/^[\s,]*$/.test(text.slice(last[1], next[0]))) break;
    last = next;
  }
  if (text.slice(last[0], last[1]).trimEnd().endsWith(close)) return true;
  return text.slice(last[1]).replace(/^\s*(?:```\s*)?/, '').startsWith(close);
}

/**
 * A failure naming the first wrapper block that opens right before (or at) a call read from `spans`
 * and is not closed after it; undefined when every such block is closed. Wrapper tokens elsewhere
 * (inside a value, in prose) are left to the other checks.
 */
export function unclosedWrapper(text: string, spans: ReadonlyArray<readonly [number, number]>): ReadFailure | undefined {
  if (!anyToken.test(text)) return undefined;
  for (const { token, open, close } of wrappers) {
    if (!text.includes(token)) continue;
    for (const match of text.matchAll(open)) {
      const at = match.index;
      // A token inside a read call's value is that value.
      if (spans.some(([start, end]) => start < at && at < end)) continue;
      const first = spans.findIndex(([, end]) => end > at);
      const span = spans[first];
      if (!span || (span[0] !== at && !gap.test(text.slice(at + match[0].length, span[0])))) continue;
      if (closedAfter(text, spans, first, close)) continue;
      const message = `the ${match[0]} block is not closed by ${close} (the output may be cut off)`;
      return { kind: 'no-decision', message, details: [callAttemptHint] };
    }
  }
  return undefined;
}
