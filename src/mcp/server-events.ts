/**
 * What happens to MCP servers over their life, reported through `onServerEvent`
 * (noun-verb, like the loop's events).
 */
import type { McpConfigError } from '../errors/mcp-config-error.ts';
import type { McpServerStartError } from '../errors/mcp-server-start-error.ts';
import type { ToolNotice } from '../tools/tool-notice.ts';

export type McpServerEvent =
  /** Handshake done, tools listed. */
  | { type: 'server-connect'; server: string; tools: string[]; protocolVersion?: string }
  /** The server did not start (or its config entry is invalid); the other servers go on. */
  | { type: 'server-fail'; server: string; error: McpConfigError | McpServerStartError }
  /** The process exited or the connection closed unexpectedly; a restart follows after `delayMs`. */
  | { type: 'server-crash'; server: string; crashes: number; delayMs: number }
  /** Back after a crash, tools listed again. */
  | { type: 'server-restart'; server: string; attempt: number; tools: string[] }
  /** Crashed too often (`maxCrashes` within `windowMs`): no more restarts, its tools are gone. */
  | { type: 'server-drop'; server: string; crashes: number; error?: unknown }
  /** The transport reported an error: a line that is not JSON-RPC, a message over `maxResultBytes` (`McpResultTooLargeError`), a failed write. */
  | { type: 'server-error'; server: string; error: Error }
  /** The server's tool list changed (`notifications/tools/list_changed`, or a restart). */
  | { type: 'tools-change'; server: string; tools: string[] }
  /** An elicitation answer did not validate against the requested schema and was asked again. */
  | { type: 'elicitation-invalid'; server: string; details: string[]; attempt: number }
  /** A tool of the server is offered under another name (`tool-rename`), with its type aliases read (`tool-normalize`) or not at all (`tool-withhold`); reported once, when it first happens. */
  | (ToolNotice & { server: string });

export type McpServerEventType = McpServerEvent['type'];
