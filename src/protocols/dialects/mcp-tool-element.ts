/**
 * The MCP call element Cline and Roo Code describe to the model, which MiroFlow (MiroThinker's agent
 * framework) also prompts for and parses from plain text:
 *
 *   <use_mcp_tool>
 *   <server_name>search-server</server_name>
 *   <tool_name>web_search</tool_name>
 *   <arguments>
 *   {"query": "tides"}
 *   </arguments>
 *   </use_mcp_tool>
 *
 * also spelled `<use_tool>` without a server (MiroFlow's prompt for models answering in text). The
 * server names where the tool lives, as the offered tool's name already does: it is routing, no
 * argument. The arguments are one JSON object, read with the one guard; the elements come in this
 * order, nothing else stands in the wrapper, and it must be closed. A call cut off, unreadable or
 * holding anything else is a correction, never a call with what was written so far. A call shown as
 * code (backticks, a fence) is talk about a call (`mask-code.ts`).
 */
import { callItem, type DialectReader, failedReading, type Reading } from '../reading.ts';
import { sanitizeName } from '../sanitize.ts';
import { jsonArgumentsAt } from './json-arguments-at.ts';
import { maskCode } from './mask-code.ts';

const dialect = 'mcp-tool-element';
/** Group 1: the wrapper's name; group 2: the tool's. The arguments element's content follows the match. */
const opening = /<(use_mcp_tool|use_tool)>\s*(?:<server_name>[^<>]*<\/server_name>\s*)?<tool_name>\s*([^<>\s]+)\s*<\/tool_name>\s*<arguments>\s*/g;

export const mcpToolElementReader: DialectReader = {
  dialect,
  needs: '<',
  read(text, { tools }): Reading | undefined {
    if (!text.includes('<tool_name>')) return undefined;
    const items: unknown[] = [];
    const spans: Array<readonly [number, number]> = [];
    let repaired = false;
    // Openings are found outside code; values are cut from the text as written (same indices).
    for (const match of maskCode(text).matchAll(opening)) {
      const name = match[2] ?? '';
      const shown = sanitizeName(name);
      const argsStart = match.index + match[0].length;
      const refused = (message: string): Reading => ({ ...failedReading(dialect, { kind: 'no-decision', message, toolName: shown }), conclusive: true });
      if (text[argsStart] !== '{') return refused(`the <arguments> of \`${shown}\` must be one JSON object`);
      const args = jsonArgumentsAt(dialect, text, argsStart, name);
      if (!args.ok) return { ...args.failure, conclusive: true };
      const closing = new RegExp(`\\s*</arguments>\\s*</${match[1]}>`, 'y');
      closing.lastIndex = args.end;
      if (!closing.exec(text)) return refused(`the call of \`${shown}\` must end with </arguments></${match[1]}> right after its JSON object (the output may be cut off)`);
      repaired ||= args.repaired;
      items.push(callItem(name, args.args, tools));
      spans.push([match.index, closing.lastIndex]);
    }
    return items.length ? { dialect, items, thoughts: [], repaired, spans } : undefined;
  },
};
