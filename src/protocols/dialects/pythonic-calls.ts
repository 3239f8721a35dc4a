/**
 * Pythonic tool calls (Llama 3.2/4 pythonic, LFM2, Olmo 3, Llama 3.x built-in tools):
 * `[get_weather(city="Paris"), add(a=1, b=2)]`, bare or inside `<|tool_call_start|>..<|tool_call_end|>`
 * (the start token may be left out: `[..]<|tool_call_end|>`; MiniCPM3 puts the calls, one per line,
 * in a ```` ```python ```` fence inside the block),
 * `<|python_start|>..<|python_end|>`, `<function_calls>..</function_calls>` (one call per line) or
 * after `<|python_tag|>` (`name.call(code=...)`) or after each `<<function>>` (Gorilla OpenFunctions
 * v2). A wrapped block must hold calls only; an unwrapped
 * list is the whole reply, or a list of offered tools' calls standing apart in prose
 * (`pythonic-in-prose.ts`), so prose that happens to contain brackets is never read as a call.
 * Arguments are Python literals read by `readPythonCallsAt` (no evaluation); keyword arguments only.
 * A wrapped block ends where its calls end, so a string may hold the end token.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { codeRanges, isInCode } from '../extract/code-ranges.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { type PythonCall, readPythonCalls, readPythonCallsAt } from './python-literal.ts';
import { pythonicListsInProse } from './pythonic-in-prose.ts';

/** Wrapper tokens: the calls follow `open`; `close` (or the end of the text) follows them. */
const wrappers: ReadonlyArray<{ open: string; close: RegExp }> = [
  { open: '<|tool_call_start|>', close: /\s*(?:<\|tool_call_end\|>|$)/y },
  { open: '<|python_start|>', close: /\s*(?:<\|python_end\|>|$)/y },
  { open: '<function_calls>', close: /\s*(?:<\/function_calls>|$)/y },
  { open: '<|python_tag|>', close: /\s*(?:<\|eom_id\|>|<\|eot_id\|>|$)/y },
  // Gorilla OpenFunctions v2 puts `<<function>>` before each call; the next one or the reply's end closes it.
  { open: '<<function>>', close: /\s*(?:(?=<<function>>)|$)/y },
];

/**
 * An LFM2 block whose `<|tool_call_start|>` was left out (dropped by the detokenizer, as Ollama and
 * vLLM read it): a call list at the reply's start or right after a block's end token, closed by its
 * `<|tool_call_end|>`. Anywhere else a list is prose.
 */
const startLeftOut = /(?:^|<\|tool_call_end\|>)\s*(?=\[)/g;
const blockEnd = /\s*<\|tool_call_end\|>/y;

/** A code fence's opening line and its close, around the calls of a block (MiniCPM3 writes ```` ```python ````). */
const fenceOpen = /\s*(`{3,})[\w-]*[ \t]*\r?\n/y;

/**
 * The calls of a block starting at `start`, read from inside a code fence where one opens there: the
 * fence is the block's own framing, so it must close right after the calls (else the block is cut off).
 */
function fencedCallsAt(text: string, start: number): { calls: PythonCall[]; end: number } | undefined {
  fenceOpen.lastIndex = start;
  const fence = fenceOpen.exec(text);
  if (!fence) return readPythonCallsAt(text, start);
  const read = readPythonCallsAt(text, fenceOpen.lastIndex);
  const fenceClose = new RegExp(`\\s*${fence[1]}(?!\`)`, 'y');
  fenceClose.lastIndex = read?.end ?? 0;
  return read && fenceClose.test(text) ? { calls: read.calls, end: fenceClose.lastIndex } : undefined;
}

/** `python.call(...)`: Llama 3.x built-in tools add `.call` to the tool name. */
function toolName(name: string, tools: readonly ToolSpec[]): string {
  const known = (candidate: string) => tools.some((tool) => tool.name === candidate);
  return !known(name) && name.endsWith('.call') && known(name.slice(0, -5)) ? name.slice(0, -5) : name;
}

/** The calls of every wrapped block, in order, with the blocks' spans; undefined when a block is not calls only (or none is wrapped and the text is not a call list). */
function wrappedCalls(text: string, tools: readonly ToolSpec[]): { calls: PythonCall[]; spans: Array<readonly [number, number]> } | undefined {
  const found: Array<{ index: number; end: number; calls: PythonCall[] }> = [];
  // A block shown as code (in backticks, a fence) is quoted, not called.
  const code = text.includes('`') ? codeRanges(text) : [];
  for (const { open, close } of wrappers) {
    for (let index = text.indexOf(open); index >= 0; ) {
      if (isInCode(code, index)) {
        index = text.indexOf(open, index + open.length);
        continue;
      }
      const read = fencedCallsAt(text, index + open.length);
      if (!read) return undefined;
      close.lastIndex = read.end;
      const closed = close.exec(text);
      if (!closed) return undefined;
      const end = read.end + closed[0].length;
      // An end-of-turn token after `<|python_tag|>` calls ends the turn, no part of the call (`stray-prose.ts`).
      found.push({ index, end: open === '<|python_tag|>' ? read.end : end, calls: read.calls });
      index = text.indexOf(open, end);
    }
  }
  for (const match of text.matchAll(startLeftOut)) {
    const index = match.index + match[0].length;
    const read = readPythonCallsAt(text, index);
    blockEnd.lastIndex = read?.end ?? 0;
    const closed = read && blockEnd.exec(text);
    if (!read || !closed) continue;
    found.push({ index, end: read.end + closed[0].length, calls: read.calls });
  }
  if (found.length) {
    const blocks = found.sort((left, right) => left.index - right.index);
    return { calls: blocks.flatMap((block) => block.calls), spans: blocks.map((block) => [block.index, block.end] as const) };
  }
  // An unwrapped list is the whole reply, or stands apart in prose naming offered tools only.
  const calls = /^\[\s*[A-Za-z_][\w.-]*\s*\(/.test(text) ? readPythonCalls(text) : undefined;
  return calls ? { calls, spans: [[0, text.length]] } : pythonicListsInProse(text, tools);
}

export const pythonicCallsReader: DialectReader = {
  dialect: 'pythonic',
  needs: '<[', // a wrapper token or a list that opens the reply
  read(text, { tools }): Reading | undefined {
    const found = wrappedCalls(text, tools);
    if (!found) return undefined;
    const items = found.calls.map((call) => callItem(toolName(call.name, tools), call.args, tools));
    return items.length ? { dialect: 'pythonic', items, thoughts: [], repaired: false, spans: found.spans } : undefined;
  },
};
