/**
 * A call written as a wrapper element holding a tool-name element and an arguments element whose
 * body is one JSON object. Cline and Roo Code describe MCP calls so, and MiroFlow (MiroThinker's
 * agent framework) prompts for and parses them from plain text:
 *
 *   <use_mcp_tool>
 *   <server_name>search-server</server_name>
 *   <tool_name>web_search</tool_name>
 *   <arguments>
 *   {"query": "tides"}
 *   </arguments>
 *   </use_mcp_tool>
 *
 * Each agent framework picks its own words (`<use_tool>`, `<function_call>`, `<action>`; `<tool_name>`,
 * `<function_name>`; `<arguments>`, `<parameters>`, `<tool_input>`), so the wrapper's name is not what
 * makes this a call: its children are, in this order, an optional `<server_name>` (routing: the offered
 * tool's name already says where the tool lives), the name element, and the arguments element holding
 * one JSON object read with the one guard, nothing else, and the wrapper closed right after (arguments
 * written as elements are other readers' forms). A call whose JSON is cut off, unreadable or followed
 * by anything more is a correction, never a call with what was written so far. A plain `<name>`
 * counts only in a wrapper named for using a tool (Continue's are its reader's, `continue-xml.ts`),
 * `<tool_code>` is the XML protocol's (`xml-tool-code.ts`); a JSON body that is a schema the tool does
 * not take (`"properties"`, `"type"`) is a definition echoed, not a call; a call shown as code is talk
 * about a call (`mask-code.ts`).
 */
import type { ToolSpec } from '../../spec/decision.ts';
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { jsonArgumentsAt } from './json-arguments-at.ts';
import { maskCode } from './mask-code.ts';

const dialect = 'mcp-tool-element';
/** Group 1: the wrapper's name; 2: the name element's; 3: the tool's; 4: the arguments element's. Its content follows the match. */
const opening =
  /<([A-Za-z_][\w.:-]*)>\s*(?:<server_name>[^<>]*<\/server_name>\s*)?<(tool_name|function_name|name)>\s*([^<>\s]+)\s*<\/\2>\s*<(arguments|args|parameters|params|input|tool_input|action_input)>\s*/g;
/**
 * Wrappers where a plain `<name>` names the tool: those named for using a tool. Continue's (`<tool_call>`,
 * ..) are its reader's, and under a wrapper of any other name a `<name>` may name anything: only
 * `<tool_name>` or `<function_name>` say a tool is meant there.
 */
const nameWrappers = new Set(['use_tool', 'use_mcp_tool', 'call_tool', 'tool_request']);
/** Wrappers another reader owns whatever their children: the XML protocol's and Gemma's `<tool_code>` (`xml-tool-code.ts`). */
const ownedWrappers = new Set(['tool_code']);
/** Wrappers that hold a tool's definition, not a call: their JSON is a schema. */
const definitionWrappers = new Set(['tool', 'tools', 'function', 'functions', 'tool_definition']);

/** True when `args` holds schema keys the tool does not declare: a definition echoed. */
function echoesSchema(args: Record<string, unknown>, tool: ToolSpec | undefined): boolean {
  const declared = (tool?.inputSchema as { properties?: unknown } | undefined)?.properties;
  const names = typeof declared === 'object' && declared !== null ? Object.keys(declared) : [];
  return ['properties', 'type', 'required'].some((key) => key in args && !names.includes(key));
}

export const mcpToolElementReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!/<(?:tool_name|function_name|name)>/.test(text)) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    // Openings are found outside code; values are cut from the text as written (same indices).
    for (const match of maskCode(text).matchAll(opening)) {
      const wrapper = match[1] ?? '';
      if (definitionWrappers.has(wrapper) || ownedWrappers.has(wrapper) || (match[2] === 'name' && !nameWrappers.has(wrapper))) continue;
      const name = match[3] ?? '';
      const shown = sanitizeName(name);
      const argsStart = match.index + match[0].length;
      const refused = (message: string): Reading => ({ ...failedReading(dialect, { kind: 'no-decision', message, toolName: shown }), conclusive: true });
      // Elements or text in the arguments element are another family's form (agno's `<invoke>`, name-element calls).
      if (text[argsStart] !== '{') continue;
      const args = jsonArgumentsAt(dialect, text, argsStart, name);
      if (!args.ok) return { ...args.failure, conclusive: true };
      if (echoesSchema(args.args, tools.find((tool) => tool.name === name))) continue;
      const closing = new RegExp(`\\s*</${match[4]}>\\s*</${wrapper.replace(/[.]/g, '\\.')}>`, 'y');
      closing.lastIndex = args.end;
      if (!closing.exec(text)) return refused(`the call of \`${shown}\` must end with </${match[4]}></${sanitizeName(wrapper)}> right after its JSON object (the output may be cut off)`);
      repaired ||= args.repaired;
      items.push(callItem(name, args.args, tools));
      spans.push([match.index, closing.lastIndex]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
