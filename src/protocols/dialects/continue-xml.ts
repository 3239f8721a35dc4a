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
 * `<args>` may be left out for a call without arguments. The same call spelled `<tool>` with
 * `<arguments>` (as llxprt-code's text tool-call parser reads it), or `<tool_use>` with the arguments
 * one JSON object (`<arguments>{"city": "Oslo"}</arguments>`, as Cherry Studio prompts models without
 * native tool calls to write; read with the one guard, cut off or unreadable a correction; so is
 * `<tool_call>`'s `<arguments>` element holding one JSON object, as GLM 4's XML form
 * `<tool_call><name>..</name><arguments>{..}</arguments></tool_call>` writes it) is read alike, each wrapper closed by
 * its own tag; there `<arguments>` is required (a `<tool>` holding only a `<name>` names a tool, as an
 * echoed definition does). The arguments are child elements, read as tool-named tags read theirs
 * (`tag-elements.ts`: typed by the schema; an untyped value is kept as its text in Continue's
 * spelling, and read as a number or boolean where it spells one in the `<tool>` spelling, as its
 * parser reads it). A call ends at the first `</tool_call>` after which the body reads as exactly a name and
 * arguments (a value may hold `</tool_call>`); a call never closed, or whose body holds anything else,
 * is a correction. Text around the calls is prose, and a call shown as code (backticks, a fence) is
 * talk about a call, not one (`mask-code.ts`). gpt4free's emulation reads the same call spelled
 * `<function_call>`, with the arguments under `<parameters>`, `<params>` or `<input>` too: read where
 * they hold one JSON object (child elements there are no spelling a reader knows, corrected).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type ReadFailure, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { jsonArgumentsAt } from './json-arguments-at.ts';
import { maskCode } from './mask-code.ts';
import { childElements, elementArguments } from './tag-elements.ts';
import type { ToolArgs } from './tool-input.ts';

const dialect = 'continue-xml';
const opening = /<(tool_call|tool_use|tool|function_call)>\s*<name>\s*([^<>\s]+)\s*<\/name>/g;
/** The body after the name: nothing, or one arguments element, `<args>`, `<arguments>`, `<parameters>`, `<params>` or `<input>` (group 2: its content). */
const argsBody = /^\s*(?:<(args|arguments|parameters|params|input)>([\s\S]*)<\/\1>\s*)?$/;
const argumentsElement = /^\s*<(?:args|arguments|parameters|params|input)>/;

/** The arguments of a body, or undefined when the body is not exactly an `<args>` element of child elements (or nothing). */
function bodyArguments(body: string, name: string, tools: readonly ToolSpec[], spelling: string): ToolArgs | undefined {
  const args = argsBody.exec(body);
  if (!args) return undefined;
  const inner = args[2] ?? '';
  // In Cherry Studio's spelling the arguments are one JSON object (and GLM 4's `<tool_call>` servers
  // write `<arguments>{..}</arguments>` too, as mlx-manager reads it, and gpt4free's emulation reads
  // `<args>` or `<parameters>` so): an arguments element opening with `{` holds one JSON object in
  // every spelling but llxprt's `<tool>` (no child element opens with `{`), read with the one guard, or refused.
  const json = inner.trim();
  if (spelling !== 'tool' && json.startsWith('{')) {
    const read = jsonArgumentsAt(dialect, json, 0, name);
    if (!read.ok) return { ok: false, failure: read.failure.failure as ReadFailure };
    // Anything after the object is no part of JSON arguments.
    return read.end === json.length ? { ok: true, args: read.args } : undefined;
  }
  // Child elements are read under Continue's own spellings only (`<args>`, `<arguments>` in `<tool_call>`,
  // `<tool_use>`, `<tool>`); the other spellings are read where they hold JSON.
  if (spelling === 'function_call' || (args[1] !== undefined && args[1] !== 'args' && args[1] !== 'arguments')) return undefined;
  const elements = childElements(inner);
  if (!elements.whole) return undefined;
  const tool = tools.find((candidate) => candidate.name === name);
  // An unknown tool is refused when the call is accepted; its arguments are not read by any schema.
  return tool ? elementArguments(elements.children, tool, spelling !== 'tool') : { ok: true, args: {} };
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
      // `<tool><name>x</name></tool>` with no `<arguments>` is a tool named, as in an echoed definition: no call.
      if (match[1] === 'tool' && !argumentsElement.test(text.slice(bodyStart))) continue;
      let args: ToolArgs | undefined;
      let end = -1;
      for (let at = text.indexOf(close, bodyStart); at >= 0 && !args; at = text.indexOf(close, at + 1)) {
        // Continue keeps an untyped value as its text; the `<tool>` spelling's parser types it.
        args = bodyArguments(text.slice(bodyStart, at), name, tools, match[1] ?? 'tool_call');
        end = at + close.length;
      }
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
