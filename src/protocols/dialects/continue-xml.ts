/**
 * Continue's XML tool calls, what the Continue editor asks for when it describes tools in the system
 * message as XML:
 *
 *   <tool_call>
 *     <name>get_weather</name>
 *     <args>
 *       <city>Oslo</city>
 *     </args>
 *   </tool_call>
 *
 * `<args>` may be left out for a call without arguments. The arguments are child elements, read as
 * tool-named tags read theirs (`tag-elements.ts`: typed by the schema, an untyped value kept as its
 * text). A call ends at the first `</tool_call>` after which the body reads as exactly a name and
 * arguments (a value may hold `</tool_call>`); a call never closed, or whose body holds anything else,
 * is a correction. Text around the calls is prose, and a call shown as code (backticks, a fence) is
 * talk about a call, not one (`mask-code.ts`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { maskCode } from './mask-code.ts';
import { childElements, elementArguments } from './tag-elements.ts';
import type { ToolArgs } from './tool-input.ts';

const dialect = 'continue-xml';
const opening = /<tool_call>\s*<name>\s*([^<>\s]+)\s*<\/name>/g;
const close = '</tool_call>';
/** The body after the name: nothing, or one `<args>` element (group 1: its content). */
const argsBody = /^\s*(?:<args>([\s\S]*)<\/args>\s*)?$/;

/** The arguments of a body, or undefined when the body is not exactly an `<args>` element of child elements (or nothing). */
function bodyArguments(body: string, name: string, tools: readonly ToolSpec[]): ToolArgs | undefined {
  const args = argsBody.exec(body);
  if (!args) return undefined;
  const inner = args[1] ?? '';
  const elements = childElements(inner);
  if (!elements.whole) return undefined;
  const tool = tools.find((candidate) => candidate.name === name);
  // An unknown tool is refused when the call is accepted; its arguments are not read by any schema.
  return tool ? elementArguments(elements.children, tool) : { ok: true, args: {} };
}

export const continueXmlReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<name>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let from = 0;
    // Openings are found outside code; values are cut from the text as written (same indices).
    for (const match of maskCode(text).matchAll(opening)) {
      if (match.index < from) continue;
      const name = match[1] ?? '';
      const shown = sanitizeName(name);
      const bodyStart = match.index + match[0].length;
      let args: ToolArgs | undefined;
      let end = -1;
      for (let at = text.indexOf(close, bodyStart); at >= 0 && !args; at = text.indexOf(close, at + 1)) {
        args = bodyArguments(text.slice(bodyStart, at), name, tools);
        end = at + close.length;
      }
      if (!args) {
        const message = text.includes(close, bodyStart) ? `the call of \`${shown}\` must hold <args> with one element per argument, and nothing else` : `the call of \`${shown}\` is not closed by </tool_call> (the output may be cut off)`;
        return { ...failedReading(dialect, { kind: 'no-decision', message, toolName: shown }), conclusive: true };
      }
      if (!args.ok) return failedReading(dialect, args.failure);
      items.push(callItem(name, args.args, tools));
      spans.push([match.index, end]);
      from = end;
    }
    return items.length ? { dialect, items, thoughts: [], repaired: false, spans } : undefined;
  },
};
