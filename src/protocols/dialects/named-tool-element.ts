/**
 * A tool named by an element whose whole text is its name,
 *
 *   <response>
 *   <thought>Nothing to add.</thought>
 *   <actions>IGNORE</actions>
 *   </response>
 *
 * (elizaOS' `<actions>` list, `<action>search</action>`, `<tool_name>search</tool_name>`, written
 * without the call markup a reader knows). The element says which tool to run and nothing about its
 * arguments: the reply is a call attempt, corrected, never the answer (returned as text it would
 * carry the markup and hide the call the model meant). Only elements named for a call (`action`,
 * `tool`, `function`, `command`, `call`, their plurals and `_name` forms) whose text is offered tool
 * names (a comma-separated list) count, outside code (`maskCode`), so `<b>search</b>` in prose stays
 * prose, and so does a bare `<name>search</name>` (a tool definition echoed as easily as a call),
 * unless it opens an element and an arguments element follows it
 * (`<tool><name>search</name><arguments>{..}</arguments></tool>`, under any wrapper: each framework
 * picks its own, `<use_tool>`, `<action>`), or the reply ends right after it, inside the element it
 * opens (`<use_tool><name>search</name>`: a call cut off after its name).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { maskCode } from './mask-code.ts';

const callElement = /<((?:actions?|tools?|functions?|commands?|calls?)(?:_?names?)?)>([^<>]{1,400})<\/\1>/gi;
/**
 * A `<name>` element naming the tool first inside an element, its arguments element after it
 * (`<tool><name>search</name><arguments>..`), or nothing after it to the reply's end: the call shape,
 * whatever the arguments hold. A tool definition echoed holds a description or a schema there, not
 * arguments, and closes its element.
 */
const nameThenArguments = /<[A-Za-z_][\w.:-]*(?:\s[^<>]*)?>\s*<name>\s*([^<>]{1,200}?)\s*<\/name>\s*(?:<(?:arguments|args|input|params)>|$(?![\s\S]))/gi;

/**
 * The first offered tool an element named for a call holds as its whole text, or undefined. An
 * element naming only tools in `called` (the calls read beside it) labels those calls (elizaOS'
 * `<actions>` list before its `<params>`), so it is no second call.
 */
export function namedToolElement(text: string, tools: readonly ToolSpec[], called: ReadonlySet<string> = new Set()): string | undefined {
  const offered = new Set(tools.map((tool) => tool.name).filter((name) => name !== ''));
  if (offered.size === 0) return undefined;
  const visible = maskCode(text);
  for (const match of visible.matchAll(callElement)) {
    const names = (match[2] ?? '').split(',').map((name) => name.trim());
    if (names.every((name) => offered.has(name)) && !names.every((name) => called.has(name))) return names[0];
  }
  for (const match of visible.matchAll(nameThenArguments)) {
    const name = match[1] ?? '';
    if (offered.has(name) && !called.has(name)) return name;
  }
  return undefined;
}
