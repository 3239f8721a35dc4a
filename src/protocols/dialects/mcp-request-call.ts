/**
 * An MCP `tools/call` request written as the reply: `{"method": "tools/call", "params": {"name": ..,
 * "arguments": {..}}}`, with or without JSON-RPC's `jsonrpc` and `id` (chat apps that prompt models to
 * call MCP tools in text ask for this object, NextChat in a ```` ```json:mcp:<server> ```` fence). The
 * request names one whole call: `params` is read as any call object is (`json-call-shapes.ts`), so a
 * missing `arguments` is corrected, never guessed as `{}`. Any other key beside the request's own, or
 * another method (`{"method": "write_file", "params": {..}}`), leaves the object unread: a call attempt,
 * corrected, since the tool would have to be guessed from a key that names none.
 */
import { isRecord } from '../extract/read-json.ts';

/** The keys a JSON-RPC request holds: nothing else frames the call. */
const requestKeys: ReadonlySet<string> = new Set(['jsonrpc', 'id', 'method', 'params']);

/** The `params` of an MCP `tools/call` request, the call it makes; undefined for any other value. */
export function mcpRequestCall(value: Record<string, unknown>): Record<string, unknown> | undefined {
  if (value.method !== 'tools/call' || !isRecord(value.params)) return undefined;
  return Object.keys(value).every((key) => requestKeys.has(key)) ? value.params : undefined;
}
