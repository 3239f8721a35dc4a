/**
 * LangChain's XML agent: `<tool>name</tool><tool_input>input</tool_input>`, the input a JSON object,
 * a Python-style dict or the tool's lone text argument (see `tool-input.ts`). Its
 * `<final_answer>..</final_answer>` is the same element as reins' own `xml` protocol and is read there.
 * Tags inside code are ignored; a `<tool>` holding markup (a tool definition such as
 * `<tool><name>..</name></tool>`) is not a call. Rejected with a precise message: a `<tool_input>`
 * without a `<tool>` before it, and an unclosed element. Free text before the first tag is the
 * call's `reason` and a PLAN thought.
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading, offeredTool } from '../reading.ts';
import { isCallElementName } from './call-named-element.ts';
import { maskCode } from './mask-code.ts';
import { readToolInput, toolInputArgs } from './tool-input.ts';

const dialect = 'xml-agent';
const element = /<(tool|tool_input)>([\s\S]*?)(<\/\1>|$)/g;
/**
 * A `<tool>` that is another format's call name (`tool-args-elements.ts`), never this agent's: one an
 * arguments element other than `<tool_input>` follows (its arguments would be dropped), or one that
 * opens an element named for a call (`<function_call><tool>..`: this agent writes `<tool>` at the top).
 */
const otherArguments = /^\s*<(?:args|arguments|parameters|params|input)>/;
const callOpening = /<([A-Za-z_][\w.-]*)>\s*$/;
function otherFormat(text: string, start: number, end: number): boolean {
  const opening = callOpening.exec(text.slice(Math.max(0, start - 80), start))?.[1];
  return otherArguments.test(text.slice(end)) || (opening !== undefined && isCallElementName(opening));
}

interface AgentCall {
  name: string;
  input?: string;
}

export const xmlAgentReader: DialectReader = {
  dialect,
  needs: '<', // `<tool>` and `<tool_input>`
  read(text, { tools }): Reading | undefined {
    const calls: AgentCall[] = [];
    // Each `<tool>` and `<tool_input>` element read; the text between them is prose.
    const spans: Array<readonly [number, number]> = [];
    let firstIndex: number | undefined;
    for (const match of maskCode(text).matchAll(element)) {
      const [whole, label, , closing] = match;
      const body = text.slice(match.index + (label ?? '').length + 2, match.index + whole.length - (closing?.length ?? 0));
      if (label === 'tool' && (body.includes('<') || otherFormat(text, match.index, match.index + whole.length))) continue;
      firstIndex ??= match.index;
      if (!closing) return failedReading(dialect, { kind: 'no-decision', message: `<${label}> is not closed with </${label}>` });
      spans.push([match.index, match.index + whole.length]);
      const last = calls.at(-1);
      if (label === 'tool') calls.push({ name: body.trim() });
      else if (last && last.input === undefined) last.input = body;
      else return failedReading(dialect, { kind: 'no-decision', message: 'a <tool_input> has no <tool>tool name</tool> before it' });
    }
    const known = (name: string) => tools.some((tool) => tool.name === name);
    if (!calls.some((call) => call.input !== undefined || known(call.name))) return undefined;
    const reason = text.slice(0, firstIndex).trim();
    const items: unknown[] = [];
    for (const call of calls) {
      const tool: ToolSpec | undefined = offeredTool(tools, call.name);
      const args = toolInputArgs(readToolInput(call.input ?? ''), tool);
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(call.name, args.args, tools, reason));
    }
    return { dialect, items, thoughts: reason ? [{ type: 'PLAN', content: reason }] : [], repaired: true, spans };
  },
};
