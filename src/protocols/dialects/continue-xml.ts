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
 * The same shape with `<tool>` for `<tool_call>` and `<arguments>` for `<args>` (the generic XML some
 * agent CLIs ask for) is read too, with its arguments element; a `<tool>` whose body does not read so
 * is left to the other checks (a tool definition echoed is written so). `<args>` may be left out for a call without arguments. The arguments are child elements, read as
 * tool-named tags read theirs (`tag-elements.ts`: typed by the schema, an untyped value kept as its
 * text). A call ends at the first closing wrapper tag after which the body reads as exactly a name and
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
/** The call's opening (group 1: the wrapper, `tool_call` or `tool`; group 2: the name). */
const opening = /<(tool_call|tool)>\s*<name>\s*([^<>\s]+)\s*<\/name>/g;
/** The body after the name: nothing, or one `<args>` (or `<arguments>`) element (group 2: its content). */
const argsBody = /^\s*(?:<(args|arguments)>([\s\S]*)<\/\1>\s*)?$/;

/**
 * The arguments of a body, or undefined when the body is not exactly an `<args>` element of child
 * elements (or nothing, where `bare` allows it).
 */
function bodyArguments(body: string, name: string, tools: readonly ToolSpec[], bare: boolean): ToolArgs | undefined {
  const args = argsBody.exec(body);
  if (!args || (!bare && args[1] === undefined)) return undefined;
  const inner = args[2] ?? '';
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
      const close = `</${match[1] ?? 'tool_call'}>`;
      const name = match[2] ?? '';
      const shown = sanitizeName(name);
      const bodyStart = match.index + match[0].length;
      let args: ToolArgs | undefined;
      let end = -1;
      for (let at = text.indexOf(close, bodyStart); at >= 0 && !args; at = text.indexOf(close, at + 1)) {
        // `<tool><name>x</name></tool>` alone is how a tool's definition is echoed: a call needs its arguments element.
        args = bodyArguments(text.slice(bodyStart, at), name, tools, match[1] === 'tool_call');
        end = at + close.length;
      }
      // `<tool><name>..` is also how a tool's definition is echoed: only a body that reads is a call
      // (one that does not, with an arguments element, is still a call attempt: `named-tool-element.ts`).
      if (!args && match[1] === 'tool') continue;
      if (!args) {
        const message = text.includes(close, bodyStart) ? `the call of \`${shown}\` must hold <args> with one element per argument, and nothing else` : `the call of \`${shown}\` is not closed by ${close} (the output may be cut off)`;
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
