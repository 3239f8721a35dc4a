/**
 * Pythonic tool calls (Llama 3.2/4 pythonic, LFM2, Olmo 3, Llama 3.x built-in tools):
 * `[get_weather(city="Paris"), add(a=1, b=2)]`, bare or inside `<|tool_call_start|>..<|tool_call_end|>`,
 * `<|python_start|>..<|python_end|>`, `<function_calls>..</function_calls>` (one call per line) or
 * after `<|python_tag|>` (`name.call(code=...)`). A wrapped block must hold calls only; an unwrapped
 * list must be the whole reply, so prose that happens to contain brackets is never read as a call.
 * Arguments are Python literals read by `readPythonCalls` (no evaluation); keyword arguments only.
 */
import type { ToolSpec } from '../../decision.ts';
import { callItem, type DialectReader, type Reading } from '../reading.ts';
import { type PythonCall, readPythonCalls } from './python-literal.ts';

const wrapped = [
  /<\|tool_call_start\|>([\s\S]*?)(?:<\|tool_call_end\|>|$)/g,
  /<\|python_start\|>([\s\S]*?)(?:<\|python_end\|>|$)/g,
  /<function_calls>([\s\S]*?)(?:<\/function_calls>|$)/g,
  /<\|python_tag\|>([\s\S]*?)(?:<\|eom_id\|>|<\|eot_id\|>|$)/g,
];

/** `python.call(...)`: Llama 3.x built-in tools add `.call` to the tool name. */
function toolName(name: string, tools: readonly ToolSpec[]): string {
  const known = (candidate: string) => tools.some((tool) => tool.name === candidate);
  return !known(name) && name.endsWith('.call') && known(name.slice(0, -5)) ? name.slice(0, -5) : name;
}

function blocks(text: string): string[] | undefined {
  const found = wrapped.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => ({ index: match.index, body: match[1] ?? '' })));
  if (found.length) return found.sort((left, right) => left.index - right.index).map((block) => block.body);
  return /^\[\s*[A-Za-z_][\w.]*\s*\(/.test(text) ? [text] : undefined;
}

export const pythonicCallsReader: DialectReader = {
  dialect: 'pythonic',
  read(text, { tools }): Reading | undefined {
    const bodies = blocks(text);
    if (!bodies) return undefined;
    const calls: PythonCall[] = [];
    for (const body of bodies) {
      const read = readPythonCalls(body);
      if (!read) return undefined;
      calls.push(...read);
    }
    const items = calls.map((call) => callItem(toolName(call.name, tools), call.args, tools));
    return items.length ? { dialect: 'pythonic', items, thoughts: [], repaired: false } : undefined;
  },
};
